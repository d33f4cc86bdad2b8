import { DomainError } from '@fordran/core';
import { listCaseHandlerRows, updateCaseRow, type Db } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { ROLES, roleCan, type Role } from '../access/roles';
import { appendAudit } from '../audit/audit-log';
import { personName } from '../auth/users';
import { insertNotification, publishNotification } from '../notifications/notifications';
import { parseInput } from '../schemas/zod-setup';
import { caseHandlerChangeSchema, type CaseDetail, type CaseHandlerChangeInput, type CaseHandlersResponse } from '../schemas/cases';
import { appendCaseEvent } from './case-events';
import { loadCaseDetail } from './case-detail';
import { loadCaseState } from './case-state';

/** The roles whose members may handle a case: those that may change cases. */
const HANDLER_ROLES: Role[] = ROLES.filter((role) => roleCan(role, 'cases.write'));

export const NOT_A_HANDLER = 'Handläggaren måste vara en medlem som får handlägga ärenden';

/** Members who may handle cases, by name: `userId` alone when given. */
async function selectHandlers(db: Db, orgId: string, userId?: string): Promise<CaseHandlersResponse['handlers']> {
  const rows = await listCaseHandlerRows(db, orgId, HANDLER_ROLES, userId);
  return rows.map((row) => ({ user_id: row.user_id, name: row.full_name || row.email }));
}

/** Who may be made a case's handler ('Handläggare' on the case page): admins and handlers. */
export async function listCaseHandlers(ctx: OrgScope): Promise<CaseHandlersResponse> {
  requireScopePermission(ctx, 'cases.read');
  return { handlers: await selectHandlers(ctx.app.database.db, ctx.membership.org_id) };
}

/**
 * Makes a member the case's handler, or nobody (`handler_id` null). The new handler must be a
 * member who may change cases. The timeline and the system log record it; the new handler is
 * notified — unless they gave the case to themselves (they know).
 */
export async function assignCaseHandler(ctx: OrgScope, caseId: string, input: CaseHandlerChangeInput): Promise<CaseDetail> {
  requireScopePermission(ctx, 'cases.write');
  const { handler_id: handlerId } = parseInput(caseHandlerChangeSchema, input);
  const actor = auditActor(ctx);
  const now = ctx.app.clock.now();
  const { detail, notification } = await ctx.app.database.transaction(async (tx) => {
    const state = await loadCaseState(tx, ctx, caseId);
    const { row } = state;
    const previous = row.handler_id ?? null;
    if (previous === handlerId) return { detail: await loadCaseDetail(tx, ctx, row.id), notification: null };
    const handler = handlerId === null ? null : (await selectHandlers(tx, row.org_id, handlerId))[0];
    if (handler === undefined) throw new DomainError('VALIDATION_FAILED', NOT_A_HANDLER, { field: 'handler_id' });
    await updateCaseRow(tx, row.org_id, row.id, { handler_id: handlerId, updated_at: now });
    const payload = { from: previous, to: handlerId, from_name: previous ? await personName(tx, previous) : null, to_name: handler?.name ?? null };
    await appendCaseEvent(tx, { org_id: row.org_id, case_id: row.id, type: 'handler_changed', actor_id: actor, payload, created_at: now });
    await appendAudit(tx, { org_id: row.org_id, actor_id: actor, event: 'case.handler_changed', entity: 'cases', entity_id: row.id, payload, created_at: now });
    const byWhom = actor ? await personName(tx, actor) : 'Systemet';
    const notification =
      handlerId !== null && handlerId !== actor
        ? await insertNotification(
            tx,
            ctx.app,
            {
              org_id: row.org_id,
              user_id: handlerId,
              type: 'message',
              message: `${byWhom} gav dig ärende ${state.claim.reference_no} (${state.creditor.name} → ${state.party.name})`,
              link: `/cases/${row.id}`,
            },
            actor,
          )
        : null;
    return { detail: await loadCaseDetail(tx, ctx, row.id), notification };
  });
  if (notification) publishNotification(ctx.app, notification);
  return detail;
}
