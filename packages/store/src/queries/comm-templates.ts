import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { commTemplates } from '../schema';
import type { CommTemplateRow, NewCommTemplateRow } from '../types';

/** The organisation's templates, by category then name (part 2 §7), optionally of one category. */
export function listCommTemplateRows(db: Db, orgId: string, filter: { category?: string } = {}): Promise<CommTemplateRow[]> {
  return db
    .select()
    .from(commTemplates)
    .where(
      and(
        eq(commTemplates.org_id, orgId),
        filter.category === undefined ? undefined : eq(commTemplates.category, filter.category as CommTemplateRow['category']),
      ),
    )
    .orderBy(asc(commTemplates.category), asc(commTemplates.name), asc(commTemplates.id));
}

export async function findCommTemplateRow(db: Db, orgId: string, id: string): Promise<CommTemplateRow | undefined> {
  return (
    await db
      .select()
      .from(commTemplates)
      .where(and(eq(commTemplates.org_id, orgId), eq(commTemplates.id, id)))
      .limit(1)
  )[0];
}

/** The organisation's template with this code (codes are upper case and unique per organisation). */
export async function findCommTemplateRowByCode(db: Db, orgId: string, code: string): Promise<CommTemplateRow | undefined> {
  return (
    await db
      .select()
      .from(commTemplates)
      .where(and(eq(commTemplates.org_id, orgId), eq(commTemplates.code, code)))
      .limit(1)
  )[0];
}

/** The codes the organisation's templates already use. */
export async function listCommTemplateCodes(db: Db, orgId: string): Promise<Set<string>> {
  const rows = await db.select({ code: commTemplates.code }).from(commTemplates).where(eq(commTemplates.org_id, orgId));
  return new Set(rows.map((row) => row.code));
}

export async function insertCommTemplateRow(tx: Db, row: NewCommTemplateRow): Promise<CommTemplateRow> {
  return (await tx.insert(commTemplates).values(row).returning())[0]!;
}

/**
 * Inserts the templates whose code the organisation does not have; a code another process added
 * meanwhile is skipped, not an error (two servers starting on one database). Returns those added.
 */
export async function insertMissingCommTemplateRows(tx: Db, rows: NewCommTemplateRow[]): Promise<CommTemplateRow[]> {
  if (rows.length === 0) return [];
  return tx.insert(commTemplates).values(rows).onConflictDoNothing().returning();
}

/** Changes one template of the organisation; undefined when it does not exist. */
export async function updateCommTemplateRow(tx: Db, orgId: string, id: string, change: Partial<NewCommTemplateRow>): Promise<CommTemplateRow | undefined> {
  return (
    await tx
      .update(commTemplates)
      .set(change)
      .where(and(eq(commTemplates.org_id, orgId), eq(commTemplates.id, id)))
      .returning()
  )[0];
}
