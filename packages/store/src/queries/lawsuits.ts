import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { cases, claims, creditors, glJournals, kfmCases, lawsuits, parties } from '../schema';
import type { GlJournalRow, LawsuitRow, NewLawsuitRow } from '../types';

/*
 * Lawsuits (tvistemål, issue 12): the rows, the list with the linked case's party and creditor
 * names, and the court-fee journals booked for a lawsuit.
 */

export async function insertLawsuitRow(tx: Db, row: NewLawsuitRow): Promise<LawsuitRow> {
  return (await tx.insert(lawsuits).values(row).returning())[0]!;
}

export async function findLawsuitRow(db: Db, orgId: string, lawsuitId: string): Promise<LawsuitRow | undefined> {
  return (
    await db
      .select()
      .from(lawsuits)
      .where(and(eq(lawsuits.org_id, orgId), eq(lawsuits.id, lawsuitId)))
      .limit(1)
  )[0];
}

export async function updateLawsuitRow(tx: Db, orgId: string, lawsuitId: string, change: Partial<NewLawsuitRow>): Promise<LawsuitRow> {
  return (
    await tx
      .update(lawsuits)
      .set(change)
      .where(and(eq(lawsuits.org_id, orgId), eq(lawsuits.id, lawsuitId)))
      .returning()
  )[0]!;
}

/** The case's lawsuits that are not over (status outside `ended`), oldest first. */
export function listOpenLawsuitRowsOfCase(db: Db, orgId: string, caseId: string, ended: readonly string[]): Promise<LawsuitRow[]> {
  return db
    .select()
    .from(lawsuits)
    .where(and(eq(lawsuits.org_id, orgId), eq(lawsuits.case_id, caseId), notInArray(lawsuits.status, ended as LawsuitRow['status'][])))
    .orderBy(asc(lawsuits.created_at), asc(lawsuits.id));
}

export interface LawsuitListFilter {
  orgId: string;
  status?: LawsuitRow['status'] | undefined;
  track?: LawsuitRow['track'] | undefined;
}

/** A lawsuit with its case's claim reference, debtor and creditor (spec part 2 §8: the case inner-joined). */
export interface LawsuitSummaryRow {
  lawsuit: LawsuitRow;
  reference_no: string;
  party_name: string;
  creditor_name: string;
}

/** The organisation's lawsuits, newest first, filtered by status and track. */
export async function listLawsuitSummaryRows(db: Db, filter: LawsuitListFilter, limit: number): Promise<LawsuitSummaryRow[]> {
  return db
    .select({ lawsuit: lawsuits, reference_no: claims.reference_no, party_name: parties.name, creditor_name: creditors.name })
    .from(lawsuits)
    .innerJoin(cases, and(eq(cases.org_id, lawsuits.org_id), eq(cases.id, lawsuits.case_id)))
    .innerJoin(claims, and(eq(claims.org_id, cases.org_id), eq(claims.id, cases.claim_id)))
    .innerJoin(parties, and(eq(parties.org_id, cases.org_id), eq(parties.id, cases.party_id)))
    .innerJoin(creditors, and(eq(creditors.org_id, cases.org_id), eq(creditors.id, cases.creditor_id)))
    .where(
      and(
        eq(lawsuits.org_id, filter.orgId),
        filter.status ? eq(lawsuits.status, filter.status) : undefined,
        filter.track ? eq(lawsuits.track, filter.track) : undefined,
      ),
    )
    .orderBy(desc(lawsuits.created_at), desc(lawsuits.id))
    .limit(limit);
}

/** Lawsuits of every organisation whose status is one of `statuses` (the nightly deadline check reads their deadlines). */
export function listLawsuitRowsWithStatus(db: Db, statuses: readonly string[]): Promise<LawsuitRow[]> {
  return db
    .select()
    .from(lawsuits)
    .where(inArray(lawsuits.status, statuses as LawsuitRow['status'][]))
    .orderBy(asc(lawsuits.org_id), asc(lawsuits.id));
}

/** The journals booked for a lawsuit (source_ref = its id) from `source`, oldest first. */
export function listLawsuitJournalRows(db: Db, orgId: string, source: string, lawsuitId: string): Promise<GlJournalRow[]> {
  return db
    .select()
    .from(glJournals)
    .where(and(eq(glJournals.org_id, orgId), eq(glJournals.source, source), eq(glJournals.source_ref, lawsuitId)))
    .orderBy(asc(glJournals.booked_at), asc(glJournals.id));
}

/** The case a KFM case belongs to (a contested one is handed over to tingsrätt as a lawsuit), if the organisation has it. */
export async function findKfmCaseCaseId(db: Db, orgId: string, kfmCaseId: string): Promise<string | undefined> {
  return (
    await db
      .select({ case_id: kfmCases.case_id })
      .from(kfmCases)
      .where(and(eq(kfmCases.org_id, orgId), eq(kfmCases.id, kfmCaseId)))
      .limit(1)
  )[0]?.case_id;
}

/**
 * The lawsuit as it is now, its row locked for the rest of the transaction: a write that reads
 * what it changes first (the nightly deadline check) waits here for another writer of the same
 * lawsuit (another instance's check) and then sees what that one committed. A no-op update is the
 * lock on both engines (SQLite's writer holds the whole file anyway).
 */
export async function lockLawsuitRow(tx: Db, orgId: string, lawsuitId: string): Promise<LawsuitRow | undefined> {
  return (
    await tx
      .update(lawsuits)
      .set({ updated_at: sql`${lawsuits.updated_at}` })
      .where(and(eq(lawsuits.org_id, orgId), eq(lawsuits.id, lawsuitId)))
      .returning()
  )[0];
}
