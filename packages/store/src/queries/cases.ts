import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import { caseEvents, cases, claims, communications, creditors, kfmCases, parties, paymentPlans } from '../schema';
import type { CaseRow, ClaimRow, CreditorRow, NewCaseRow, NewClaimRow, PartyRow } from '../types';

/**
 * The cases a request may see: the organisation's, and for a `client` member (`client` set) only
 * those of the creditor its membership names — a client without one (`creditorId` null) sees none.
 */
export interface CaseScope {
  orgId: string;
  client?: { creditorId: string | null };
}

/** Only the client's creditor's cases (none when it has no creditor); the condition is on `cases`. */
function clientCondition(scope: CaseScope): SQL | undefined {
  if (!scope.client) return undefined;
  return scope.client.creditorId ? eq(cases.creditor_id, scope.client.creditorId) : sql`1 = 0`;
}

/** The scope as one condition on `cases`. */
export function caseScopeCondition(scope: CaseScope): SQL {
  return and(eq(cases.org_id, scope.orgId), clientCondition(scope))!;
}

/**
 * The same scope with the organisation named on the claims (for queries that drive from claims
 * and join cases on `cases.org_id = claims.org_id`); the client's creditor stays on the case.
 */
export function caseScopeOnClaimsCondition(scope: CaseScope): SQL {
  return and(eq(claims.org_id, scope.orgId), clientCondition(scope))!;
}

/** One case in scope; undefined otherwise (another organisation's id included). */
export async function findCaseRow(db: Db, scope: CaseScope, caseId: string): Promise<CaseRow | undefined> {
  return (
    await db
      .select()
      .from(cases)
      .where(and(caseScopeCondition(scope), eq(cases.id, caseId)))
      .limit(1)
  )[0];
}

/** The claim, creditor and debtor of a case (each undefined when missing). */
export async function findCaseParties(
  db: Db,
  row: Pick<CaseRow, 'org_id' | 'claim_id' | 'creditor_id' | 'party_id'>,
): Promise<{ claim: ClaimRow | undefined; creditor: CreditorRow | undefined; party: PartyRow | undefined }> {
  const orgId = row.org_id;
  const claim = (
    await db
      .select()
      .from(claims)
      .where(and(eq(claims.org_id, orgId), eq(claims.id, row.claim_id)))
      .limit(1)
  )[0];
  const creditor = (
    await db
      .select()
      .from(creditors)
      .where(and(eq(creditors.org_id, orgId), eq(creditors.id, row.creditor_id)))
      .limit(1)
  )[0];
  const party = (
    await db
      .select()
      .from(parties)
      .where(and(eq(parties.org_id, orgId), eq(parties.id, row.party_id)))
      .limit(1)
  )[0];
  return { claim, creditor, party };
}

/** Status and signing of each payment plan of a case (whether one was drawn up). */
export function listCasePaymentPlanStates(db: Db, orgId: string, caseId: string) {
  return db
    .select({ status: paymentPlans.status, signed_at: paymentPlans.signed_at })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.org_id, orgId), eq(paymentPlans.case_id, caseId)));
}

/** Changes columns of one case of the organisation; returns the row as it is now. */
export async function updateCaseRow(tx: Db, orgId: string, caseId: string, change: Partial<NewCaseRow>): Promise<CaseRow> {
  return (
    await tx
      .update(cases)
      .set(change)
      .where(and(eq(cases.org_id, orgId), eq(cases.id, caseId)))
      .returning()
  )[0]!;
}

export async function insertCaseRow(tx: Db, row: NewCaseRow): Promise<CaseRow> {
  return (await tx.insert(cases).values(row).returning())[0]!;
}

export async function insertClaimRow(tx: Db, row: NewClaimRow): Promise<ClaimRow> {
  return (await tx.insert(claims).values(row).returning())[0]!;
}

/** How many cases the organisation has (any status). */
export async function countOrganisationCases(db: Db, orgId: string): Promise<number> {
  return (await db.select({ n: count() }).from(cases).where(eq(cases.org_id, orgId)))[0]?.n ?? 0;
}

/** Whether a case of the organisation already has this OCR reference. */
export async function isCaseOcrReferenceTaken(db: Db, orgId: string, ocrReference: string): Promise<boolean> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.org_id, orgId), eq(cases.ocr_reference, ocrReference)))
    .limit(1);
  return rows.length > 0;
}

/** Id and status of a creditor or party of the organisation (the case wizard's choices). */
export async function findCaseCounterpartStatus(
  db: Db,
  kind: 'creditor' | 'party',
  orgId: string,
  id: string,
): Promise<{ id: string; status: CreditorRow['status']; qa_batch_id: string | null } | undefined> {
  const table = kind === 'creditor' ? creditors : parties;
  return (
    await db
      .select({ id: table.id, status: table.status, qa_batch_id: table.qa_batch_id })
      .from(table)
      .where(and(eq(table.org_id, orgId), eq(table.id, id)))
      .limit(1)
  )[0];
}

/** Id and name of the organisation's creditors among `ids` (a case's legal and agent creditor). */
export function listCaseCreditorRefs(db: Db, orgId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: creditors.id, name: creditors.name })
    .from(creditors)
    .where(and(eq(creditors.org_id, orgId), inArray(creditors.id, ids)));
}

/** The case page's tab counts: timeline events, communications and Kronofogden cases. */
export async function countCaseTabRows(db: Db, orgId: string, caseId: string): Promise<{ events: number; communications: number; kfm: number }> {
  const countOf = async (table: typeof caseEvents | typeof communications | typeof kfmCases) =>
    (
      await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.org_id, orgId), eq(table.case_id, caseId)))
    )[0]?.n ?? 0;
  return { events: await countOf(caseEvents), communications: await countOf(communications), kfm: await countOf(kfmCases) };
}
