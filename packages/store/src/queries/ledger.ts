import { and, eq, inArray } from 'drizzle-orm';
import { uuidV7 } from '../ids/uuid-v7';
import { assertJournalAccountsKnown, assertJournalBalanced, type LedgerJournal } from '@fordran/core';
import { glAccounts, glEntries, glJournals } from '../schema';
import type { Db } from '../database';

export interface InsertJournalOptions {
  orgId: string;
  /** The instant the journal is booked and created (ISO-8601 UTC). */
  at: string;
  /** The user who caused it; null = the system. */
  createdBy?: string | null;
  /** For a reversal: the journal it reverses. */
  reversesJournalId?: string | null;
}

/**
 * Books a journal built by core: checks once more that it balances and that every account is an
 * active account of the organisation (style guideline 6: asserted in core and right before the
 * insert), then writes gl_journals and its gl_entries. Call it inside the transaction of the
 * write the journal records. Returns the journal id.
 */
export async function insertLedgerJournal(tx: Db, journal: LedgerJournal, options: InsertJournalOptions): Promise<string> {
  assertJournalBalanced(journal);
  const codes = [...new Set(journal.lines.map((line) => line.account_code))];
  const accounts = await tx
    .select({ id: glAccounts.id, code: glAccounts.code, name: glAccounts.name, type: glAccounts.type, is_active: glAccounts.is_active })
    .from(glAccounts)
    .where(and(eq(glAccounts.org_id, options.orgId), inArray(glAccounts.code, codes)));
  assertJournalAccountsKnown(journal, accounts);
  const accountIdByCode = new Map(accounts.map((account) => [account.code, account.id]));

  const journalId = uuidV7();
  await tx.insert(glJournals).values({
    id: journalId,
    org_id: options.orgId,
    source: journal.source,
    source_ref: journal.source_ref,
    status: 'posted',
    booked_at: options.at,
    reverses_journal_id: options.reversesJournalId ?? null,
    meta_json: { ...journal.meta, booked_on: journal.booked_at },
    created_by: options.createdBy ?? null,
    created_at: options.at,
  });
  await tx.insert(glEntries).values(
    journal.lines.map((line) => ({
      org_id: options.orgId,
      journal_id: journalId,
      account_id: accountIdByCode.get(line.account_code)!,
      debit: line.debitOre,
      credit: line.creditOre,
      case_id: line.case_id ?? null,
      creditor_id: line.creditor_id ?? null,
      created_at: options.at,
    })),
  );
  return journalId;
}
