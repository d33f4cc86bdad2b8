import { and, asc, desc, eq, inArray, max, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import { cases, claims, commDeliveries, commTemplates, communications, kfmCases, kfmEvents, kfmFiles, kfmSubmissions } from '../schema';
import { textSearchCondition } from './text-search';
import type { KfmCaseRow, KfmEventRow, KfmFileRow, KfmSubmissionRow, NewKfmCaseRow, NewKfmEventRow, NewKfmFileRow, NewKfmSubmissionRow } from '../types';

/*
 * KFM escalation (spec part 1 §3–4, part 2 §3–4): the frozen snapshot (kfm_cases), the files to
 * and from Kronofogden, their submissions and what KFM answered (kfm_events).
 */

export async function insertKfmCaseRow(tx: Db, row: NewKfmCaseRow): Promise<KfmCaseRow> {
  return (await tx.insert(kfmCases).values(row).returning())[0]!;
}

export async function updateKfmCaseRow(tx: Db, orgId: string, id: string, change: Partial<NewKfmCaseRow>): Promise<KfmCaseRow | undefined> {
  return (
    await tx
      .update(kfmCases)
      .set(change)
      .where(and(eq(kfmCases.org_id, orgId), eq(kfmCases.id, id)))
      .returning()
  )[0];
}

export async function findKfmCaseRow(db: Db, orgId: string, id: string): Promise<KfmCaseRow | undefined> {
  return (
    await db
      .select()
      .from(kfmCases)
      .where(and(eq(kfmCases.org_id, orgId), eq(kfmCases.id, id)))
  )[0];
}

/** A case's KFM cases, newest first. */
export function listKfmCaseRowsOfCase(db: Db, orgId: string, caseId: string): Promise<KfmCaseRow[]> {
  return db
    .select()
    .from(kfmCases)
    .where(and(eq(kfmCases.org_id, orgId), eq(kfmCases.case_id, caseId)))
    .orderBy(desc(kfmCases.created_at), desc(kfmCases.id));
}

export interface KfmCaseListFilter {
  id?: string;
  status?: KfmCaseRow['current_status'];
  application_type?: KfmCaseRow['application_type'];
  case_id?: string;
  /** Part of the reference or of KFM's case number. */
  q?: string;
}

export interface KfmCaseListRow {
  id: string;
  case_id: string;
  reference: string;
  application_type: KfmCaseRow['application_type'];
  current_status: KfmCaseRow['current_status'];
  kfm_case_no: string | null;
  application_fee_sek: KfmCaseRow['application_fee_sek'];
  as_of_date: string;
  created_at: string;
  case_reference_no: string;
  case_status: string;
  case_stage: string;
  case_total_principal: number;
  case_total_interest: number;
  case_total_fees: number;
  case_total_outstanding: number;
}

/** The organisation's KFM cases with their linked case's reference and totals, newest first. */
export async function listKfmCaseRows(db: Db, orgId: string, filter: KfmCaseListFilter, limit: number): Promise<KfmCaseListRow[]> {
  const conditions: (SQL | undefined)[] = [eq(kfmCases.org_id, orgId)];
  if (filter.id) conditions.push(eq(kfmCases.id, filter.id));
  if (filter.status) conditions.push(eq(kfmCases.current_status, filter.status));
  if (filter.application_type) conditions.push(eq(kfmCases.application_type, filter.application_type));
  if (filter.case_id) conditions.push(eq(kfmCases.case_id, filter.case_id));
  if (filter.q) conditions.push(textSearchCondition(filter.q, [kfmCases.reference, kfmCases.kfm_case_no, claims.reference_no], []));
  return db
    .select({
      id: kfmCases.id,
      case_id: kfmCases.case_id,
      reference: kfmCases.reference,
      application_type: kfmCases.application_type,
      current_status: kfmCases.current_status,
      kfm_case_no: kfmCases.kfm_case_no,
      application_fee_sek: kfmCases.application_fee_sek,
      as_of_date: kfmCases.as_of_date,
      created_at: kfmCases.created_at,
      case_reference_no: claims.reference_no,
      case_status: cases.status,
      case_stage: cases.stage,
      case_total_principal: cases.total_principal,
      case_total_interest: cases.total_interest,
      case_total_fees: cases.total_fees,
      case_total_outstanding: cases.total_outstanding,
    })
    .from(kfmCases)
    .innerJoin(cases, and(eq(cases.org_id, kfmCases.org_id), eq(cases.id, kfmCases.case_id)))
    .innerJoin(claims, and(eq(claims.org_id, cases.org_id), eq(claims.id, cases.claim_id)))
    .where(and(...conditions))
    .orderBy(desc(kfmCases.created_at), desc(kfmCases.id))
    .limit(limit);
}

export async function insertKfmFileRow(tx: Db, row: NewKfmFileRow): Promise<KfmFileRow> {
  return (await tx.insert(kfmFiles).values(row).returning())[0]!;
}

/** A KFM case's files, oldest first (without the payload: that is read one at a time). */
export function listKfmFileRows(db: Db, orgId: string, kfmCaseId: string) {
  return db
    .select({
      id: kfmFiles.id,
      direction: kfmFiles.direction,
      filename: kfmFiles.filename,
      checksum: kfmFiles.checksum,
      status: kfmFiles.status,
      created_at: kfmFiles.created_at,
    })
    .from(kfmFiles)
    .where(and(eq(kfmFiles.org_id, orgId), eq(kfmFiles.kfm_case_id, kfmCaseId)))
    .orderBy(asc(kfmFiles.created_at), asc(kfmFiles.id));
}

export async function findKfmFileRow(db: Db, orgId: string, kfmCaseId: string, fileId: string): Promise<KfmFileRow | undefined> {
  return (
    await db
      .select()
      .from(kfmFiles)
      .where(and(eq(kfmFiles.org_id, orgId), eq(kfmFiles.kfm_case_id, kfmCaseId), eq(kfmFiles.id, fileId)))
  )[0];
}

export async function insertKfmSubmissionRow(tx: Db, row: NewKfmSubmissionRow): Promise<KfmSubmissionRow> {
  return (await tx.insert(kfmSubmissions).values(row).returning())[0]!;
}

export function listKfmSubmissionRows(db: Db, orgId: string, kfmCaseId: string): Promise<KfmSubmissionRow[]> {
  return db
    .select()
    .from(kfmSubmissions)
    .where(and(eq(kfmSubmissions.org_id, orgId), eq(kfmSubmissions.kfm_case_id, kfmCaseId)))
    .orderBy(asc(kfmSubmissions.created_at), asc(kfmSubmissions.id));
}

export async function insertKfmEventRow(tx: Db, row: NewKfmEventRow): Promise<KfmEventRow> {
  return (await tx.insert(kfmEvents).values(row).returning())[0]!;
}

/** A KFM case's events, oldest first. */
export function listKfmEventRows(db: Db, orgId: string, kfmCaseId: string): Promise<KfmEventRow[]> {
  return db
    .select()
    .from(kfmEvents)
    .where(and(eq(kfmEvents.org_id, orgId), eq(kfmEvents.kfm_case_id, kfmCaseId)))
    .orderBy(asc(kfmEvents.created_at), asc(kfmEvents.id));
}

/**
 * The inkassokrav of a case that may have reached the debtor by the communications log: messages
 * of a demand template that were delivered or opened, or letters posted (sent), with channel,
 * status, when sent and the latest delivery report's time (null without one). Core
 * `demandReachedOn` decides the day each reached the debtor.
 */
export function listCaseDemandDispatches(db: Db, orgId: string, caseId: string) {
  return db
    .select({
      id: communications.id,
      channel: communications.channel,
      status: communications.status,
      sent_at: communications.sent_at,
      delivered_at: max(commDeliveries.updated_at),
    })
    .from(communications)
    .innerJoin(commTemplates, and(eq(commTemplates.org_id, communications.org_id), eq(commTemplates.id, communications.template_id)))
    .leftJoin(
      commDeliveries,
      and(
        eq(commDeliveries.org_id, communications.org_id),
        eq(commDeliveries.communication_id, communications.id),
        inArray(commDeliveries.status, ['delivered', 'opened']),
      ),
    )
    .where(
      and(
        eq(communications.org_id, orgId),
        eq(communications.case_id, caseId),
        eq(commTemplates.category, 'demand'),
        or(inArray(communications.status, ['delivered', 'opened']), and(eq(communications.channel, 'letter'), eq(communications.status, 'sent'))),
      ),
    )
    .groupBy(communications.id, communications.channel, communications.status, communications.sent_at);
}

/**
 * Cases that may go to KFM next (`fordran kfm generate --all-ready`): active, in the demand stage,
 * and without a KFM case that is still open (anything but closed). The pre-check decides.
 */
export async function listKfmReadyCaseIds(db: Db, orgId: string): Promise<string[]> {
  const open = db
    .select({ case_id: kfmCases.case_id })
    .from(kfmCases)
    .where(and(eq(kfmCases.org_id, orgId), notInArray(kfmCases.current_status, ['closed', 'draft'])));
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.org_id, orgId), eq(cases.status, 'active'), eq(cases.stage, 'demand'), notInArray(cases.id, open)))
    .orderBy(asc(cases.created_at), asc(cases.id));
  return rows.map((row) => row.id);
}
