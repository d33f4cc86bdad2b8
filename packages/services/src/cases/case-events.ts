import type { CaseEventType } from '@fordran/core';
import { insertCaseEventRow, listCaseEventRows, type Db, type PayloadJson } from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import type { CaseEventsResponse } from '../schemas/cases';
import { loadCodeNames } from '../labels/code-names';
import { readCase } from './case-scope';
import { describeCaseEvent } from './describe-case-event';

export interface CaseEventInput {
  org_id: string;
  case_id: string;
  /** case_created, fee_added, interest_calculated, status_changed, … (core CASE_EVENT_TYPES). */
  type: CaseEventType;
  /** Who acted; null = the system. */
  actor_id: string | null;
  payload: PayloadJson;
  created_at: string;
}

/** Appends one event to a case's timeline; call it inside the transaction of the change. */
export async function appendCaseEvent(tx: Db, event: CaseEventInput): Promise<void> {
  await insertCaseEventRow(tx, {
    org_id: event.org_id,
    case_id: event.case_id,
    type: event.type,
    actor_id: event.actor_id,
    payload_json: event.payload,
    created_at: event.created_at,
  });
}

/** The case's timeline, newest first, each event described in Swedish, with the author's name or 'System' (part 1 §3). */
export async function listCaseEvents(ctx: OrgScope, caseId: string): Promise<CaseEventsResponse> {
  requireScopePermission(ctx, 'cases.read');
  const db = ctx.app.database.db;
  const row = await readCase(db, ctx, caseId);
  const events = await listCaseEventRows(db, ctx.membership.org_id, row.id);
  const names = await loadCodeNames(db, ctx.membership.org_id);
  return {
    events: events.map(({ full_name, email, ...event }) => ({
      ...event,
      ...describeCaseEvent(event.type, event.payload_json, names),
      actor_name: event.actor_id === null ? 'System' : (full_name ?? email ?? 'Okänd användare'),
    })),
  };
}
