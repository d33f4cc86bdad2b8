import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../database';
import { commTemplates, commTemplateVersions, communications } from '../schema';
import type { CommTemplateRow, CommTemplateVersionRow, NewCommTemplateRow, NewCommTemplateVersionRow } from '../types';

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

/** Keeps a template's replaced text (the version a new edit supersedes). */
export async function insertCommTemplateVersionRow(tx: Db, row: NewCommTemplateVersionRow): Promise<CommTemplateVersionRow> {
  return (await tx.insert(commTemplateVersions).values(row).returning())[0]!;
}

/** The replaced versions of the organisation's templates `templateIds`, oldest first. */
export async function listCommTemplateVersionRows(db: Db, orgId: string, templateIds: readonly string[]): Promise<CommTemplateVersionRow[]> {
  if (templateIds.length === 0) return [];
  return db
    .select()
    .from(commTemplateVersions)
    .where(and(eq(commTemplateVersions.org_id, orgId), inArray(commTemplateVersions.template_id, [...templateIds])))
    .orderBy(asc(commTemplateVersions.template_id), asc(commTemplateVersions.version));
}

/** Whether any message has been made from the template (then an edit makes a new version). */
export async function isCommTemplateUsed(db: Db, orgId: string, templateId: string): Promise<boolean> {
  const rows = await db
    .select({ id: communications.id })
    .from(communications)
    .where(and(eq(communications.org_id, orgId), eq(communications.template_id, templateId)))
    .limit(1);
  return rows.length > 0;
}

/** A case's messages with their template (category and the text it has now), for the collection-fee check. */
export function listCaseMessageTemplates(db: Db, orgId: string, caseId: string) {
  return db
    .select({
      status: communications.status,
      created_at: communications.created_at,
      template_id: communications.template_id,
      category: commTemplates.category,
      body_md: commTemplates.body_md,
    })
    .from(communications)
    .leftJoin(commTemplates, and(eq(commTemplates.org_id, communications.org_id), eq(commTemplates.id, communications.template_id)))
    .where(and(eq(communications.org_id, orgId), eq(communications.case_id, caseId)));
}
