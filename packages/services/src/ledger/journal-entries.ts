import type { LedgerEntryRow } from '@fordran/store';

/*
 * A journal's entries as the ledger reads them (store `listLedgerEntryRows…`): grouped by journal
 * and named by the one case they concern.
 */

/** Rows grouped by journal, keeping the rows' order. */
export function groupByJournal(rows: readonly LedgerEntryRow[]): Map<string, LedgerEntryRow[]> {
  const grouped = new Map<string, LedgerEntryRow[]>();
  for (const row of rows) {
    const list = grouped.get(row.journal_id);
    if (list) list.push(row);
    else grouped.set(row.journal_id, [row]);
  }
  return grouped;
}

/**
 * The case a journal concerns: the one case its entries name, or null when they name none or
 * several (the nightly interest run books many cases in one journal).
 */
export function journalCase(rows: readonly LedgerEntryRow[]): { case_id: string; case_reference: string | null } | null {
  const withCase = rows.filter((row) => row.case_id !== null);
  const ids = new Set(withCase.map((row) => row.case_id));
  if (ids.size !== 1) return null;
  return { case_id: withCase[0]!.case_id!, case_reference: withCase[0]!.case_reference };
}
