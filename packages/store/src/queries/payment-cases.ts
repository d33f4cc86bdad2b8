import { and, desc, eq, inArray } from 'drizzle-orm';
import { PAYMENT_MATCH_CASE_STATUSES, type IsoDate, type Ore, type PaymentMatchCase } from '@fordran/core';
import type { Db } from '../database';
import { caseEvents, cases, claims, creditors, parties } from '../schema';
import type { CaseRow } from '../types';
import { realCaseCondition } from './template-qa';

/** The organisation's open cases (active or draft, part 2 §5) as core's matcher indexes them. */
export function listPaymentMatchCaseRows(db: Db, orgId: string): Promise<PaymentMatchCase[]> {
  return db
    .select({
      id: cases.id,
      status: cases.status,
      total_outstandingOre: cases.total_outstanding,
      ocr_reference: cases.ocr_reference,
      reference_no: claims.reference_no,
    })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .where(and(eq(cases.org_id, orgId), realCaseCondition(), inArray(cases.status, [...PAYMENT_MATCH_CASE_STATUSES] as CaseRow['status'][])));
}

/** A case as a payment's views name it: claim reference, parties, status and what it still owes. */
export interface PaymentCaseSummaryRow {
  id: string;
  reference_no: string;
  status: CaseRow['status'];
  stage: CaseRow['stage'];
  party_name: string;
  creditor_name: string;
  total_outstanding: Ore;
}

/** The organisation's cases `caseIds` (a match's candidates, a payment's allocated cases). */
export async function listPaymentCaseSummaryRows(db: Db, orgId: string, caseIds: readonly string[]): Promise<PaymentCaseSummaryRow[]> {
  if (caseIds.length === 0) return [];
  return db
    .select({
      id: cases.id,
      reference_no: claims.reference_no,
      status: cases.status,
      stage: cases.stage,
      party_name: parties.name,
      creditor_name: creditors.name,
      total_outstanding: cases.total_outstanding,
    })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .innerJoin(parties, eq(parties.id, cases.party_id))
    .innerJoin(creditors, eq(creditors.id, cases.creditor_id))
    .where(and(eq(cases.org_id, orgId), inArray(cases.id, [...caseIds])));
}

/** The due date of the organisation's claim (interest runs from the day after). */
export async function findPaymentClaimDueDate(db: Db, orgId: string, claimId: string): Promise<IsoDate | undefined> {
  const rows = await db
    .select({ due_date: claims.due_date })
    .from(claims)
    .where(and(eq(claims.org_id, orgId), eq(claims.id, claimId)))
    .limit(1);
  return rows[0]?.due_date;
}

/** The payload of the case's latest status change (ties by id: the order of writing), if any. */
export async function findLastCaseStatusChangePayload(db: Db, orgId: string, caseId: string): Promise<Record<string, unknown> | undefined> {
  const rows = await db
    .select({ payload: caseEvents.payload_json })
    .from(caseEvents)
    .where(and(eq(caseEvents.org_id, orgId), eq(caseEvents.case_id, caseId), eq(caseEvents.type, 'status_changed')))
    .orderBy(desc(caseEvents.created_at), desc(caseEvents.id))
    .limit(1);
  return rows[0]?.payload;
}
