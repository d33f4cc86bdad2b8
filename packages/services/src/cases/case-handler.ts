import { and, asc, eq, inArray } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { cases, profiles, userOrgRoles, users, type DbOrTx } from '@fordran/store';
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
function selectHandlers(db: DbOrTx, orgId: string, userId?: string): CaseHandlersResponse['handlers'] {
  return db
    .select({ user_id: userOrgRoles.user_id, full_name: profiles.full_name, email: users.email })
    .from(userOrgRoles)
    .innerJoin(users, eq(users.id, userOrgRoles.user_id))
    .leftJoin(profiles, eq(profiles.id, userOrgRoles.user_id))
    .where(and(eq(userOrgRoles.org_id, orgId), inArray(userOrgRoles.role, HANDLER_ROLES), userId === undefined ? undefined : eq(userOrgRoles.user_id, userId)))
    .orderBy(asc(profiles.full_name), asc(users.email))
    .all()
    .map((row) => ({ user_id: row.user_id, name: row.full_name || row.email }));
}

/** Who may be made a case's handler ('Handläggare' on the case page): admins and handlers. */
export function listCaseHandlers(ctx: OrgScope): CaseHandlersResponse {
  requireScopePermission(ctx, 'cases.read');
  return { handlers: selectHandlers(ctx.app.store.db, ctx.membership.org_id) };
}

/**
 * Makes a member the case's handler, or nobody (`handler_id` null). The new handler must be a
 * member who may change cases. The timeline and the system log record it; the new handler is
 * notified — unless they gave the case to themselves (they know).
 */
export function assignCaseHandler(ctx: OrgScope, caseId: string, input: CaseHandlerChangeInput): CaseDetail {
  requireScopePermission(ctx, 'cases.write');
  const { handler_id: handlerId } = parseInput(caseHandlerChangeSchema, input);
  const actor = auditActor(ctx);
  const now = ctx.app.clock.now();
  const { detail, notification } = ctx.app.store.transaction((tx) => {
    const state = loadCaseState(tx, ctx, caseId);
    const { row } = state;
    const previous = row.handler_id ?? null;
    if (previous === handlerId) return { detail: loadCaseDetail(tx, ctx, row.id), notification: null };
    const handler = handlerId === null ? null : selectHandlers(tx, row.org_id, handlerId)[0];
    if (handler === undefined) throw new DomainError('VALIDATION_FAILED', NOT_A_HANDLER, { field: 'handler_id' });
    tx.update(cases)
      .set({ handler_id: handlerId, updated_at: now })
      .where(and(eq(cases.org_id, row.org_id), eq(cases.id, row.id)))
      .run();
    const payload = { from: previous, to: handlerId, from_name: previous ? personName(tx, previous) : null, to_name: handler?.name ?? null };
    appendCaseEvent(tx, { org_id: row.org_id, case_id: row.id, type: 'handler_changed', actor_id: actor, payload, created_at: now });
    appendAudit(tx, { org_id: row.org_id, actor_id: actor, event: 'case.handler_changed', entity: 'cases', entity_id: row.id, payload, created_at: now });
    const byWhom = actor ? personName(tx, actor) : 'Systemet';
    const notification =
      handlerId !== null && handlerId !== actor
        ? insertNotification(
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
    return { detail: loadCaseDetail(tx, ctx, row.id), notification };
  });
  if (notification) publishNotification(ctx.app, notification);
  return detail;
}
