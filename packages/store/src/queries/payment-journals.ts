import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../database';
import { glJournals } from '../schema';
import type { GlJournalRow } from '../types';

/**
 * The journals of `sources` whose source_ref is the payment (posted or since reversed), in booking
 * order: an import books a payment's journals in one transaction, at one instant, so ties go by id
 * (UUIDv7: the order of writing).
 */
export function listPaymentJournalRows(db: Db, orgId: string, paymentId: string, sources: readonly string[]): Promise<GlJournalRow[]> {
  return db
    .select()
    .from(glJournals)
    .where(and(eq(glJournals.org_id, orgId), inArray(glJournals.source, [...sources]), eq(glJournals.source_ref, paymentId)))
    .orderBy(asc(glJournals.booked_at), asc(glJournals.id));
}

/** The journals `journalIds` and the journals that reversed them, in booking order (ties by id). */
export async function listJournalRowsWithReversals(db: Db, orgId: string, journalIds: readonly string[]): Promise<GlJournalRow[]> {
  if (journalIds.length === 0) return [];
  const ids = [...journalIds];
  return db
    .select()
    .from(glJournals)
    .where(and(eq(glJournals.org_id, orgId), or(inArray(glJournals.id, ids), inArray(glJournals.reverses_journal_id, ids))))
    .orderBy(asc(glJournals.booked_at), asc(glJournals.id));
}
