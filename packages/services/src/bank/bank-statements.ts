import { fileTransactionId, oreToDecimal } from '@fordran/core';
import { countBankStatementsByStatus, listBankStatementRows, updateBankStatementReconciliation, type Db, type StatementDifference } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import { bankStatementListQuerySchema, type BankStatementDetail, type BankStatementListResponse } from '../schemas/bank';
import type { PaymentDetailResponse } from '../schemas/payments';
import { compare, readStatement, readStatementFile, storedDifference, type StoredFileReading } from './statement-comparison';
import { detailOf, statementSummaries } from './statement-detail';

/*
 * Bank statements (Bankutdrag) and their reconciliation (spec part 2 §2, §4; issue 5). An import
 * records one bank_statements row per file, keeps the original bytes in file storage (file_key)
 * and books payments that carry bank_statement_id and the bank's transaction_id. Reconciliation
 * re-reads the stored file and lets core compare it with what is booked and what people decided
 * (docs/bank-files.md).
 */

/** The most differences kept on a statement; a file nobody booked must not make a huge row. */
export const MAX_STORED_DIFFERENCES = 1000;

function capped(differences: StatementDifference[]): StatementDifference[] {
  if (differences.length <= MAX_STORED_DIFFERENCES) return differences;
  const kept = differences.slice(0, MAX_STORED_DIFFERENCES - 1);
  return [...kept, { code: 'MORE_DIFFERENCES', message: `Ytterligare ${differences.length - kept.length} avvikelser visas inte` }];
}

/**
 * 'Bankutdrag' (spec part 2 §7: bank_statements with account name, statement_date desc, limit
 * 50) with the reconciliation status, totals and counts, and the organisation's statements by
 * status for the page's badges.
 */
export async function listBankStatements(ctx: OrgScope, query: unknown = {}): Promise<BankStatementListResponse> {
  requireScopePermission(ctx, 'ledger.read');
  const q = parseInput(bankStatementListQuerySchema, query);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const [rows, statusCounts] = await Promise.all([
    listBankStatementRows(db, orgId, { ...(q.status ? { status: q.status } : {}), limit: q.limit }),
    countBankStatementsByStatus(db, orgId),
  ]);
  const counts = { pending: 0, reconciled: 0, mismatch: 0 };
  for (const row of statusCounts) counts[row.status] = row.n;
  return { statements: await statementSummaries(db, orgId, rows), counts };
}

/**
 * The review view ('Granska'): the statement, the differences its last reconciliation recorded,
 * and the file's transactions side by side with the booked payments as they are now.
 */
export async function getBankStatement(ctx: OrgScope, id: string): Promise<BankStatementDetail> {
  requireScopePermission(ctx, 'ledger.read');
  const statementId = parseInput(idSchema, id);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const statement = await readStatement(db, orgId, statementId);
  const reading = await readStatementFile(ctx, statement);
  return detailOf(db, orgId, statement, await compare(db, orgId, statement, reading));
}

/**
 * Records the statement's reconciliation now, inside the caller's transaction: compares the read
 * file with the bookings and the decisions taken, stores reconciled or mismatch with the open
 * differences, audited. Returns the review view.
 */
export async function recordReconciliation(tx: Db, ctx: OrgScope, statementId: string, reading: StoredFileReading): Promise<BankStatementDetail> {
  const orgId = ctx.membership.org_id;
  // Read inside the transaction: the comparison and the update see the same bookings.
  const statement = await readStatement(tx, orgId, statementId);
  const comparison = await compare(tx, orgId, statement, reading);
  const differences = capped([...reading.problems, ...(comparison.result?.differences ?? []).map(storedDifference)]);
  const status = differences.length === 0 ? 'reconciled' : 'mismatch';
  const updated = await updateBankStatementReconciliation(tx, orgId, statementId, { reconciliation_status: status, differences_json: differences });
  await appendAudit(tx, {
    org_id: orgId,
    actor_id: auditActor(ctx),
    event: 'bank_statement.reconciled',
    entity: 'bank_statements',
    entity_id: statementId,
    payload: {
      status,
      differences: differences.length,
      codes: [...new Set(differences.map((difference) => difference.code))],
      resolved: comparison.result?.resolved.length ?? 0,
    },
    created_at: ctx.app.clock.now(),
  });
  return detailOf(tx, orgId, updated, comparison);
}

/**
 * Reconciles a bank statement: re-reads the stored file, compares it with the booked payments
 * and the decisions taken on its differences (core `reconcileStatement`, rules in
 * docs/bank-files.md) and records reconciled or mismatch with the open differences, audited, in
 * one transaction. A missing, changed or unreadable file is a
 * mismatch that says so. The payment import calls this right after booking a file.
 * @example const detail = await reconcileBankStatement(ctx, statementId); detail.statement.reconciliation_status
 */
export async function reconcileBankStatement(ctx: OrgScope, statementId: string): Promise<BankStatementDetail> {
  requireScopePermission(ctx, 'bank.write');
  const id = parseInput(idSchema, statementId);
  const reading = await readStatementFile(ctx, await readStatement(ctx.app.database.db, ctx.membership.org_id, id));
  return ctx.app.database.transaction((tx) => recordReconciliation(tx, ctx, id, reading));
}

/**
 * The statement a payment was imported from, for the payment's detail view: the file, and the
 * payment's transaction read back from the stored file (null when the file is missing, changed
 * since the import or unreadable, or holds no such transaction).
 */
export async function statementOfPayment(
  ctx: OrgScope,
  statementId: string,
  transactionId: string | null,
): Promise<NonNullable<PaymentDetailResponse['bank_statement']>> {
  requireScopePermission(ctx, 'ledger.read');
  const db = ctx.app.database.db;
  const statement = await readStatement(db, ctx.membership.org_id, statementId);
  const [summary] = await statementSummaries(db, ctx.membership.org_id, [statement]);
  const reading = transactionId ? await readStatementFile(ctx, statement) : null;
  // A payment held from this statement stores its id with the statement appended; the file's line has the plain id.
  const fileId = transactionId ? fileTransactionId(transactionId, statementId) : null;
  const transaction =
    reading?.facts && reading.problems.length === 0 ? reading.facts.transactions.find((candidate) => candidate.transaction_id === fileId) : undefined;
  return {
    id: statement.id,
    file_name: statement.file_name,
    file_format: statement.file_format,
    statement_date: statement.statement_date,
    account_name: summary!.account_name,
    reconciliation_status: statement.reconciliation_status,
    line: transaction
      ? {
          line: transaction.line,
          amount: oreToDecimal(transaction.amountOre),
          paid_at: transaction.paid_at,
          payer_name: transaction.payer_name,
          reference: transaction.reference,
        }
      : null,
  };
}
