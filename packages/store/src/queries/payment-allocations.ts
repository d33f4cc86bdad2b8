import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Ore } from '@fordran/core';
import type { Db } from '../database';
import { cases, claims, paymentAllocations } from '../schema';
import type { NewPaymentAllocationRow, PaymentAllocationRow } from '../types';

/** An allocation as a payment's view lists it, with the claim reference of its case. */
export interface PaymentAllocationViewRow {
  id: string;
  payment_id: string;
  case_id: string;
  reference_no: string;
  sequence_no: number;
  amount: Ore;
  principal: Ore;
  interest: Ore;
  fees: Ore;
  created_at: string;
}

/** The allocations of the payments `paymentIds`, in sequence order. */
export async function listPaymentAllocationViewRows(db: Db, orgId: string, paymentIds: readonly string[]): Promise<PaymentAllocationViewRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      id: paymentAllocations.id,
      payment_id: paymentAllocations.payment_id,
      case_id: paymentAllocations.case_id,
      reference_no: claims.reference_no,
      sequence_no: paymentAllocations.sequence_no,
      amount: paymentAllocations.amount,
      principal: paymentAllocations.principal_amount,
      interest: paymentAllocations.interest_amount,
      fees: paymentAllocations.fees_amount,
      created_at: paymentAllocations.created_at,
    })
    .from(paymentAllocations)
    .innerJoin(cases, eq(cases.id, paymentAllocations.case_id))
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .where(and(eq(paymentAllocations.org_id, orgId), inArray(paymentAllocations.payment_id, [...paymentIds])))
    .orderBy(asc(paymentAllocations.sequence_no));
}

/** A payment's allocations, in sequence order. */
export function listPaymentAllocationRows(db: Db, orgId: string, paymentId: string): Promise<PaymentAllocationRow[]> {
  return db
    .select()
    .from(paymentAllocations)
    .where(and(eq(paymentAllocations.org_id, orgId), eq(paymentAllocations.payment_id, paymentId)))
    .orderBy(asc(paymentAllocations.sequence_no));
}

/** The sequence number a payment's next allocation takes: one after its last. */
export async function nextPaymentAllocationSequenceNo(db: Db, orgId: string, paymentId: string): Promise<number> {
  const rows = await db
    .select({ n: max(paymentAllocations.sequence_no) })
    .from(paymentAllocations)
    .where(and(eq(paymentAllocations.org_id, orgId), eq(paymentAllocations.payment_id, paymentId)));
  return (rows[0]?.n ?? 0) + 1;
}

export async function insertPaymentAllocationRow(tx: Db, row: NewPaymentAllocationRow): Promise<PaymentAllocationRow> {
  return (await tx.insert(paymentAllocations).values(row).returning())[0]!;
}

/** Removes a payment's allocations (a reversal: the case timeline keeps what they were). */
export async function deletePaymentAllocationRows(tx: Db, orgId: string, paymentId: string): Promise<void> {
  await tx.delete(paymentAllocations).where(and(eq(paymentAllocations.org_id, orgId), eq(paymentAllocations.payment_id, paymentId)));
}
