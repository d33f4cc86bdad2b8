import { and, asc, desc, eq } from 'drizzle-orm';
import type { FeeCatalogueEntry } from '@fordran/core';
import type { Db } from '../database';
import { feeCatalogue } from '../schema';
import type { FeeCatalogueEntryRow, NewFeeCatalogueEntryRow } from '../types';

/** `orgId`'s whole fee catalogue: by code, newest valid_from first within a code. */
export function listFeeCatalogueRows(db: Db, orgId: string): Promise<FeeCatalogueEntryRow[]> {
  return db.select().from(feeCatalogue).where(eq(feeCatalogue.org_id, orgId)).orderBy(asc(feeCatalogue.code), desc(feeCatalogue.valid_from));
}

/** Every version of one code, newest valid_from first. */
export function listFeeVersionRows(db: Db, orgId: string, code: string): Promise<FeeCatalogueEntryRow[]> {
  return db
    .select()
    .from(feeCatalogue)
    .where(and(eq(feeCatalogue.org_id, orgId), eq(feeCatalogue.code, code)))
    .orderBy(desc(feeCatalogue.valid_from));
}

export async function findFeeCatalogueRow(db: Db, orgId: string, id: string): Promise<FeeCatalogueEntryRow | undefined> {
  return (
    await db
      .select()
      .from(feeCatalogue)
      .where(and(eq(feeCatalogue.org_id, orgId), eq(feeCatalogue.id, id)))
      .limit(1)
  )[0];
}

export async function insertFeeCatalogueRow(tx: Db, values: NewFeeCatalogueEntryRow): Promise<FeeCatalogueEntryRow> {
  return (await tx.insert(feeCatalogue).values(values).returning())[0]!;
}

/** Switches every version of `orgId`'s `code` on or off. */
export async function setFeeCodeActive(tx: Db, orgId: string, code: string, isActive: boolean): Promise<void> {
  await tx
    .update(feeCatalogue)
    .set({ is_active: isActive })
    .where(and(eq(feeCatalogue.org_id, orgId), eq(feeCatalogue.code, code)));
}

/** Sets `changes` on `orgId`'s catalogue row `id`; undefined when there is no such row. */
export async function updateFeeCatalogueRow(
  tx: Db,
  orgId: string,
  id: string,
  changes: Partial<Pick<FeeCatalogueEntryRow, 'name' | 'tax_code'>>,
): Promise<FeeCatalogueEntryRow | undefined> {
  return (
    await tx
      .update(feeCatalogue)
      .set(changes)
      .where(and(eq(feeCatalogue.org_id, orgId), eq(feeCatalogue.id, id)))
      .returning()
  )[0];
}

/** The organisation's fee catalogue as core reads it (every version, active or not). */
export function listFeeCatalogueEntries(db: Db, orgId: string): Promise<FeeCatalogueEntry[]> {
  return db
    .select({
      code: feeCatalogue.code,
      name: feeCatalogue.name,
      amountOre: feeCatalogue.amount,
      tax_code: feeCatalogue.tax_code,
      valid_from: feeCatalogue.valid_from,
      is_active: feeCatalogue.is_active,
    })
    .from(feeCatalogue)
    .where(eq(feeCatalogue.org_id, orgId));
}
