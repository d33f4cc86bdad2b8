import { and, desc, eq } from 'drizzle-orm';
import type { CaseEventType } from '@fordran/core';
import { caseEvents, profiles, users, type DbOrTx, type PayloadJson } from '@fordran/store';
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
export function appendCaseEvent(tx: DbOrTx, event: CaseEventInput): void {
  tx.insert(caseEvents)
    .values({
      org_id: event.org_id,
      case_id: event.case_id,
      type: event.type,
      actor_id: event.actor_id,
      payload_json: event.payload,
      created_at: event.created_at,
    })
    .run();
}

/** The case's timeline, newest first, each event described in Swedish, with the author's name or 'System' (part 1 §3). */
export function listCaseEvents(ctx: OrgScope, caseId: string): CaseEventsResponse {
  requireScopePermission(ctx, 'cases.read');
  const db = ctx.app.store.db;
  const row = readCase(db, ctx, caseId);
  const events = db
    .select({
      id: caseEvents.id,
      type: caseEvents.type,
      actor_id: caseEvents.actor_id,
      full_name: profiles.full_name,
      email: users.email,
      payload_json: caseEvents.payload_json,
      created_at: caseEvents.created_at,
    })
    .from(caseEvents)
    .leftJoin(profiles, eq(profiles.id, caseEvents.actor_id))
    .leftJoin(users, eq(users.id, caseEvents.actor_id))
    .where(and(eq(caseEvents.org_id, ctx.membership.org_id), eq(caseEvents.case_id, row.id)))
    .orderBy(desc(caseEvents.created_at), desc(caseEvents.id))
    .all();
  const names = loadCodeNames(db, ctx.membership.org_id);
  return {
    events: events.map(({ full_name, email, ...event }) => ({
      ...event,
      ...describeCaseEvent(event.type, event.payload_json, names),
      actor_name: event.actor_id === null ? 'System' : (full_name ?? email ?? 'Okänd användare'),
    })),
  };
}
