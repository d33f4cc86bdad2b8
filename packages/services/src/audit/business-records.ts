import type { LedgerJournal } from '@fordran/core';
import { insertLedgerJournal, type Db, type InsertJournalOptions } from '@fordran/store';
import { appendAudit, type AuditEntry } from './audit-log';

/*
 * The seam between a record and the agency's books. A template QA batch's rows — its test
 * cases, creditor and debtors, `qa_batch_id` set — are fixtures the templates are rendered
 * against, not the agency's business. They are written as any record is (totals, interest,
 * fees: a template renders exactly as for a real case), but what a write records outside the
 * record itself — a ledger journal, a row in the system log — is skipped for them. Decided here
 * only; template QA audits its run and its cleanup itself, and the store's `realRecordCondition`
 * keeps the rows out of the lists and figures.
 */

/** A row that may belong to a template QA batch. */
export interface RecordOfBatch {
  qa_batch_id: string | null;
}

function isRealRecord(record: RecordOfBatch): boolean {
  return record.qa_batch_id === null;
}

/** Posts the journal of a write to `record` (a case) in the ledger; nothing for a QA batch's case. */
export async function postJournalOf(tx: Db, record: RecordOfBatch, journal: LedgerJournal, options: InsertJournalOptions): Promise<void> {
  if (isRealRecord(record)) await insertLedgerJournal(tx, journal, options);
}

/** Appends the audit row of a write to `record`; nothing for a QA batch's row. */
export async function auditWriteOf(tx: Db, record: RecordOfBatch, entry: AuditEntry): Promise<void> {
  if (isRealRecord(record)) await appendAudit(tx, entry);
}
