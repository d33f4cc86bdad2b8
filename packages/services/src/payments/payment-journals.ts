import type { LedgerJournalSource } from '@fordran/core';
import { listJournalRowsWithReversals, listPaymentJournalRows, type Db, type GlJournalRow } from '@fordran/store';

/** The journal sources whose source_ref is a payment's id (core's payment journal builders). */
export const PAYMENT_JOURNAL_SOURCES: LedgerJournalSource[] = ['payment', 'unallocated_payment', 'unallocated_transfer'];

/** The journals that booked a payment (posted or since reversed), in booking order. */
export function paymentJournalRows(db: Db, orgId: string, paymentId: string): Promise<GlJournalRow[]> {
  return listPaymentJournalRows(db, orgId, paymentId, PAYMENT_JOURNAL_SOURCES);
}

/** The payment's journals and the journals that reversed them, in booking order. */
export async function paymentJournalsWithReversals(db: Db, orgId: string, paymentId: string): Promise<GlJournalRow[]> {
  const booked = await paymentJournalRows(db, orgId, paymentId);
  return listJournalRowsWithReversals(
    db,
    orgId,
    booked.map((journal) => journal.id),
  );
}
