import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../database';
import { cases, claims, organisations, parties } from '../schema';
import { realCaseCondition } from './template-qa';

/** Every organisation (id and name), by name then id: the nightly runs' order. */
export function listOrganisationsByName(db: Db): Promise<{ id: string; name: string }[]> {
  return db.select({ id: organisations.id, name: organisations.name }).from(organisations).orderBy(asc(organisations.name), asc(organisations.id));
}

/** The statuses whose cases the nightly runs walk. */
export type NightlyCaseStatus = 'active' | 'on_hold';

/** How many cases of `statuses` the organisations have (the runs' progress total). */
export async function countCasesInStatuses(db: Db, orgIds: string[], statuses: NightlyCaseStatus[]): Promise<number> {
  if (orgIds.length === 0) return 0;
  return (
    (
      await db
        .select({ n: count() })
        .from(cases)
        .where(and(inArray(cases.org_id, orgIds), inArray(cases.status, statuses)))
    )[0]?.n ?? 0
  );
}

/** Where a keyset batch of an organisation's cases of one status starts: after `afterId`. */
export interface CaseBatchStart {
  orgId: string;
  status: NightlyCaseStatus;
  afterId: string;
}

/** A batch as a range of the (org_id, status, id) index: nothing is sorted. Never a template QA case. */
function batchCondition(start: CaseBatchStart) {
  return and(eq(cases.org_id, start.orgId), eq(cases.status, start.status), gt(cases.id, start.afterId), realCaseCondition());
}

/** A batch of cases for the nightly interest run, in id order, with what their interest needs. */
export function listInterestRunCaseRows(tx: Db, start: CaseBatchStart, limit: number) {
  return tx
    .select({
      id: cases.id,
      org_id: cases.org_id,
      creditor_id: cases.creditor_id,
      total_principal: cases.total_principal,
      total_interest: cases.total_interest,
      total_outstanding: cases.total_outstanding,
      interest_profile_id: cases.interest_profile_id,
      interest_calculated_to: cases.interest_calculated_to,
      due_date: claims.due_date,
    })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .where(batchCondition(start))
    .orderBy(asc(cases.id))
    .limit(limit);
}

export type InterestRunCaseRow = Awaited<ReturnType<typeof listInterestRunCaseRows>>[number];

/** A batch of cases for the nightly prescription check, in id order, with what the rules need. */
export function listPrescriptionCaseRows(tx: Db, start: CaseBatchStart, limit: number) {
  return tx
    .select({
      id: cases.id,
      status: cases.status,
      stage: cases.stage,
      principal: cases.total_principal,
      due_date: claims.due_date,
      interrupted: claims.prescription_interrupted_on,
      debtor_type: parties.type,
      handler_id: cases.handler_id,
      reference_no: claims.reference_no,
    })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .innerJoin(parties, eq(parties.id, cases.party_id))
    .where(batchCondition(start))
    .orderBy(asc(cases.id))
    .limit(limit);
}

export type PrescriptionCaseRow = Awaited<ReturnType<typeof listPrescriptionCaseRows>>[number];
