import { and, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { bankStatements } from '../schema';
import type { BankStatementRow, NewBankStatementRow } from '../types';

/*
 * The bank statements a bank-file import records: one per file (its checksum is unique per
 * organisation).
 */

/** Records an imported file as a statement unless the organisation has one with its checksum (two imports of one file at once: one row). */
export async function insertBankStatementIfNew(tx: Db, row: NewBankStatementRow): Promise<void> {
  await tx.insert(bankStatements).values(row).onConflictDoNothing();
}

/** The id of the organisation's statement of the file with this checksum. */
export async function findBankStatementIdByChecksum(db: Db, orgId: string, checksum: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: bankStatements.id })
    .from(bankStatements)
    .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.file_checksum, checksum)))
    .limit(1);
  return rows[0]?.id;
}

/** The file a statement was imported from, as a held payment's review names it. */
export type BankStatementFileRef = Pick<BankStatementRow, 'id' | 'file_name' | 'file_format' | 'statement_date'>;

export async function findBankStatementFileRef(db: Db, orgId: string, statementId: string): Promise<BankStatementFileRef | undefined> {
  const rows = await db
    .select({
      id: bankStatements.id,
      file_name: bankStatements.file_name,
      file_format: bankStatements.file_format,
      statement_date: bankStatements.statement_date,
    })
    .from(bankStatements)
    .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.id, statementId)))
    .limit(1);
  return rows[0];
}
