import { desc, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { referenceRates } from '../schema';
import type { NewReferenceRateRow, ReferenceRateRow } from '../types';

/** Every half-year's reference rate, newest first (the table is global: no organisation). */
export function listReferenceRateRows(db: Db): Promise<ReferenceRateRow[]> {
  return db.select().from(referenceRates).orderBy(desc(referenceRates.valid_from));
}

/** The half-years (their first day) that have a reference rate. */
export async function referenceRateHalfYears(db: Db): Promise<Set<string>> {
  const rows = await db.select({ valid_from: referenceRates.valid_from }).from(referenceRates);
  return new Set(rows.map((row) => row.valid_from));
}

export async function findReferenceRate(db: Db, validFrom: string): Promise<ReferenceRateRow | undefined> {
  return (await db.select().from(referenceRates).where(eq(referenceRates.valid_from, validFrom)).limit(1))[0];
}

export async function insertReferenceRates(tx: Db, rows: NewReferenceRateRow[]): Promise<ReferenceRateRow[]> {
  return rows.length === 0 ? [] : tx.insert(referenceRates).values(rows).returning();
}

export async function updateReferenceRate(
  tx: Db,
  id: string,
  change: Pick<ReferenceRateRow, 'rate_bp' | 'verified' | 'updated_at'>,
): Promise<ReferenceRateRow> {
  return (await tx.update(referenceRates).set(change).where(eq(referenceRates.id, id)).returning())[0]!;
}
