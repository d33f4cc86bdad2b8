import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, ne, notInArray, type SQL } from 'drizzle-orm';
import type { AllocationOrder, IsoDate, Ore } from '@fordran/core';
import type { Db } from '../database';
import { organisations, payments } from '../schema';
import type { NewPaymentRow, PaymentRow } from '../types';
import { textSearchCondition } from './text-search';

/** The organisation's allocation order (costs_first by default, part 2 §5 / domain reference §4.6). */
export async function findPaymentAllocationOrder(db: Db, orgId: string): Promise<AllocationOrder> {
  const rows = await db.select({ order: organisations.allocation_order }).from(organisations).where(eq(organisations.id, orgId)).limit(1);
  return rows[0]?.order ?? 'costs_first';
}

/** One payment of the organisation; undefined otherwise (another organisation's id included). */
export async function findPaymentRow(db: Db, orgId: string, paymentId: string): Promise<PaymentRow | undefined> {
  return (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.org_id, orgId), eq(payments.id, paymentId)))
      .limit(1)
  )[0];
}

/** The organisation's payment with this transaction id (unique per organisation). */
export async function findPaymentByTransactionId(db: Db, orgId: string, transactionId: string): Promise<PaymentRow | undefined> {
  return (
    await db
      .select()
      .from(payments)
      .where(and(eq(payments.org_id, orgId), eq(payments.transaction_id, transactionId)))
      .limit(1)
  )[0];
}

/** Which payments the list shows: every given criterion must hold. */
export interface PaymentListFilter {
  status?: PaymentRow['status'];
  method?: PaymentRow['method'];
  bankStatementId?: string;
  /** Paid on or after this day. */
  from?: IsoDate;
  /** Paid on or before this day. */
  to?: IsoDate;
  /** Contained in the reference, message or payer's name (any case), or the OCR's digits. */
  search?: string;
}

export interface PaymentListPage {
  sort: 'paid_at' | 'amount';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

function paymentListCondition(orgId: string, filter: PaymentListFilter): SQL | undefined {
  return and(
    eq(payments.org_id, orgId),
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.method ? eq(payments.method, filter.method) : undefined,
    filter.bankStatementId ? eq(payments.bank_statement_id, filter.bankStatementId) : undefined,
    filter.from ? gte(payments.paid_at, filter.from) : undefined,
    filter.to ? lte(payments.paid_at, filter.to) : undefined,
    filter.search ? textSearchCondition(filter.search, [payments.reference, payments.message, payments.payer_name], [payments.ocr]) : undefined,
  );
}

/** A page of the organisation's payments by payment day (then written) or amount, either way. */
export function listPaymentRows(db: Db, orgId: string, filter: PaymentListFilter, page: PaymentListPage): Promise<PaymentRow[]> {
  const direction = page.order === 'asc' ? asc : desc;
  // Ties in the order are broken the same way round, so a page boundary never repeats or skips a row.
  const order =
    page.sort === 'amount'
      ? [direction(payments.amount), direction(payments.id)]
      : [direction(payments.paid_at), direction(payments.created_at), direction(payments.id)];
  return db
    .select()
    .from(payments)
    .where(paymentListCondition(orgId, filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPaymentRows(db: Db, orgId: string, filter: PaymentListFilter): Promise<number> {
  const rows = await db
    .select({ n: count().mapWith(Number) })
    .from(payments)
    .where(paymentListCondition(orgId, filter));
  return rows[0]?.n ?? 0;
}

export async function insertPaymentRow(tx: Db, row: NewPaymentRow): Promise<PaymentRow> {
  return (await tx.insert(payments).values(row).returning())[0]!;
}

/** Changes a payment's status and what is left of it; returns the row as it is now. */
export async function updatePaymentRow(
  tx: Db,
  orgId: string,
  paymentId: string,
  change: Partial<Pick<PaymentRow, 'status' | 'unallocated_amount' | 'updated_at'>>,
): Promise<PaymentRow> {
  return (
    await tx
      .update(payments)
      .set(change)
      .where(and(eq(payments.org_id, orgId), eq(payments.id, paymentId)))
      .returning()
  )[0]!;
}

/** What a bank-file record says that two files' payments could share. */
export interface PaymentTwinKey {
  ocr: string;
  amountOre: Ore;
  paidAt: IsoDate;
  /** The statement the record comes from: its own payments are not twins. */
  statementId: string;
  /** Statuses of payments that are not money booked from a file. */
  notStatuses: readonly PaymentRow['status'][];
}

/** Payments booked from other files with the same OCR, amount and payment day. */
export function listPaymentTwinRows(db: Db, orgId: string, key: PaymentTwinKey): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.org_id, orgId),
        eq(payments.ocr, key.ocr),
        eq(payments.amount, key.amountOre),
        eq(payments.paid_at, key.paidAt),
        isNotNull(payments.bank_statement_id),
        ne(payments.bank_statement_id, key.statementId),
        notInArray(payments.status, [...key.notStatuses]),
      ),
    );
}

/** What a reversal record says of the payment it takes back. */
export interface ReversedPaymentKey {
  /** The OCR, else the reference, the payment carried. */
  match: { ocr: string } | { reference: string };
  amountOre: Ore;
  /** Paid on or before this day. */
  paidBy: IsoDate;
  statuses: readonly PaymentRow['status'][];
}

/** The payments a reversal may take back, latest payment day first. */
export function listReversedPaymentCandidates(db: Db, orgId: string, key: ReversedPaymentKey): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.org_id, orgId),
        'ocr' in key.match ? eq(payments.ocr, key.match.ocr) : eq(payments.reference, key.match.reference),
        eq(payments.amount, key.amountOre),
        lte(payments.paid_at, key.paidBy),
        inArray(payments.status, [...key.statuses]),
      ),
    )
    .orderBy(desc(payments.paid_at), desc(payments.id));
}
