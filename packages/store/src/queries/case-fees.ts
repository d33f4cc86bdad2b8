import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { caseFees } from '../schema';
import type { CaseFeeRow, NewCaseFeeRow } from '../types';

/** A case's fees in the order they were added. */
export function listCaseFeeRows(db: Db, orgId: string, caseId: string): Promise<CaseFeeRow[]> {
  return db
    .select()
    .from(caseFees)
    .where(and(eq(caseFees.org_id, orgId), eq(caseFees.case_id, caseId)))
    .orderBy(asc(caseFees.created_at), asc(caseFees.id));
}

/** The codes of a case's fees. */
export async function listCaseFeeCodes(db: Db, orgId: string, caseId: string): Promise<string[]> {
  const rows = await db
    .select({ code: caseFees.code })
    .from(caseFees)
    .where(and(eq(caseFees.org_id, orgId), eq(caseFees.case_id, caseId)));
  return rows.map((row) => row.code);
}

export async function insertCaseFeeRow(tx: Db, row: NewCaseFeeRow): Promise<CaseFeeRow> {
  return (await tx.insert(caseFees).values(row).returning())[0]!;
}
