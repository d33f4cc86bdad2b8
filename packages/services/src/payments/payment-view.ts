import { and, asc, eq, inArray } from 'drizzle-orm';
import { DomainError, oreToDecimal } from '@fordran/core';
import { cases, claims, paymentAllocations, payments, type DbOrTx, type PaymentRow } from '@fordran/store';
import type { PaymentResponse } from '../schemas/payments';

export function paymentNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'Inbetalningen hittades inte');
}

/** One payment of the organisation, or NOT_FOUND. */
export function readPayment(db: DbOrTx, orgId: string, paymentId: string): PaymentRow {
  const row = db
    .select()
    .from(payments)
    .where(and(eq(payments.org_id, orgId), eq(payments.id, paymentId)))
    .get();
  if (!row) throw paymentNotFound();
  return row;
}

/** Payments as the API shows them, each with its allocations (sequence order) and their claim references. */
export function paymentViews(db: DbOrTx, orgId: string, rows: readonly PaymentRow[]): PaymentResponse[] {
  const ids = rows.map((row) => row.id);
  const allocations = ids.length
    ? db
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
        .where(and(eq(paymentAllocations.org_id, orgId), inArray(paymentAllocations.payment_id, ids)))
        .orderBy(asc(paymentAllocations.sequence_no))
        .all()
    : [];
  return rows.map((row) => ({
    id: row.id,
    method: row.method,
    amount: oreToDecimal(row.amount),
    unallocated_amount: oreToDecimal(row.unallocated_amount),
    ocr: row.ocr ?? null,
    reference: row.reference ?? null,
    message: row.message ?? null,
    payer_name: row.payer_name ?? null,
    paid_at: row.paid_at,
    status: row.status,
    bank_statement_id: row.bank_statement_id ?? null,
    transaction_id: row.transaction_id ?? null,
    duplicate_of_payment_id: row.duplicate_of_payment_id ?? null,
    created_at: row.created_at,
    allocations: allocations
      .filter((allocation) => allocation.payment_id === row.id)
      .map(({ payment_id: _payment, ...allocation }) => ({
        ...allocation,
        amount: oreToDecimal(allocation.amount),
        principal: oreToDecimal(allocation.principal),
        interest: oreToDecimal(allocation.interest),
        fees: oreToDecimal(allocation.fees),
      })),
  }));
}

export function paymentView(db: DbOrTx, orgId: string, row: PaymentRow): PaymentResponse {
  return paymentViews(db, orgId, [row])[0]!;
}
