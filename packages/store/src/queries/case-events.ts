import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { caseEvents, profiles, users } from '../schema';
import type { NewCaseEventRow } from '../types';

/** Appends one event to a case's timeline; returns its id. */
export async function insertCaseEventRow(tx: Db, row: NewCaseEventRow): Promise<string> {
  return (await tx.insert(caseEvents).values(row).returning({ id: caseEvents.id }))[0]!.id;
}

/** A case's timeline, newest first (ties by id: the order of writing), with the author's name and e-mail. */
export function listCaseEventRows(db: Db, orgId: string, caseId: string) {
  return db
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
    .where(and(eq(caseEvents.org_id, orgId), eq(caseEvents.case_id, caseId)))
    .orderBy(desc(caseEvents.created_at), desc(caseEvents.id));
}
