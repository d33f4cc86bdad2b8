import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { LedgerJournalSource } from '@fordran/core';
import { glJournals, type DbOrTx, type GlJournalRow } from '@fordran/store';

/** The journal sources whose source_ref is a payment's id (core's payment journal builders). */
export const PAYMENT_JOURNAL_SOURCES: LedgerJournalSource[] = ['payment', 'unallocated_payment', 'unallocated_transfer'];

/** The journals that booked a payment (posted or since reversed), in booking order. */
export function paymentJournalRows(db: DbOrTx, orgId: string, paymentId: string): GlJournalRow[] {
  return (
    db
      .select()
      .from(glJournals)
      .where(and(eq(glJournals.org_id, orgId), inArray(glJournals.source, PAYMENT_JOURNAL_SOURCES), eq(glJournals.source_ref, paymentId)))
      // In booking order: an import books a payment's journals in one transaction, at one instant.
      .orderBy(asc(glJournals.booked_at), asc(sql`${glJournals}.rowid`))
      .all()
  );
}

/** The payment's journals and the journals that reversed them, in booking order. */
export function paymentJournalsWithReversals(db: DbOrTx, orgId: string, paymentId: string): GlJournalRow[] {
  const booked = paymentJournalRows(db, orgId, paymentId);
  if (booked.length === 0) return booked;
  const ids = booked.map((journal) => journal.id);
  return db
    .select()
    .from(glJournals)
    .where(and(eq(glJournals.org_id, orgId), or(inArray(glJournals.id, ids), inArray(glJournals.reverses_journal_id, ids))))
    .orderBy(asc(glJournals.booked_at), asc(sql`${glJournals}.rowid`))
    .all();
}
