import { DomainError, oreToDecimal } from '@fordran/core';
import { findPaymentRow, listPaymentAllocationViewRows, type Db, type PaymentRow } from '@fordran/store';
import type { PaymentResponse } from '../schemas/payments';

export function paymentNotFound(): DomainError {
  return new DomainError('NOT_FOUND', 'Inbetalningen hittades inte');
}

/** One payment of the organisation, or NOT_FOUND. */
export async function readPayment(db: Db, orgId: string, paymentId: string): Promise<PaymentRow> {
  const row = await findPaymentRow(db, orgId, paymentId);
  if (!row) throw paymentNotFound();
  return row;
}

/** Payments as the API shows them, each with its allocations (sequence order) and their claim references. */
export async function paymentViews(db: Db, orgId: string, rows: readonly PaymentRow[]): Promise<PaymentResponse[]> {
  const allocations = await listPaymentAllocationViewRows(
    db,
    orgId,
    rows.map((row) => row.id),
  );
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

export async function paymentView(db: Db, orgId: string, row: PaymentRow): Promise<PaymentResponse> {
  return (await paymentViews(db, orgId, [row]))[0]!;
}
