import {
  assertResolutionAllowed,
  BANK_ADJUSTMENT_ACCOUNT_CODES,
  BANK_ADJUSTMENT_ACCOUNT_PURPOSES,
  buildBankDifferenceJournal,
  differenceAmountOre,
  DomainError,
  formatOre,
  LEDGER_ACCOUNT_CODES,
  oreToDecimal,
  PAYMENT_STATUS_LABELS,
  rankStatementPaymentCandidates,
  reverseJournal,
  statementDifferenceKey,
  statementMatchAmountRange,
  type BankAdjustmentAccountCode,
  type Ore,
  type PaymentStatus,
  type StatementFileTransaction,
  type StatementReconciliationDifference,
  type StatementResolutionKind,
} from '@fordran/core';
import {
  findStatementResolutionRow,
  insertLedgerJournal,
  insertStatementResolution,
  listStatementMatchCandidateRows,
  listStatementResolutionRows,
  markLedgerJournalReversed,
  markStatementResolutionUndone,
  updatePaymentBankLink,
  uuidV7,
  type BankStatementResolutionRow,
  type BankStatementRow,
  type Db,
  type PaymentRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { readPayment } from '../payments/payment-view';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import {
  statementResolutionCreateSchema,
  statementResolutionOptionsQuerySchema,
  statementResolutionUndoSchema,
  type BankStatementDetail,
  type StatementResolutionCreateInput,
  type StatementResolutionOptions,
  type StatementResolutionUndoInput,
} from '../schemas/bank';
import { recordReconciliation } from './bank-statements';
import { compare, readStatement, readStatementFile, storedDifference, type Comparison, type StoredFileReading } from './statement-comparison';
import { differenceResponse, ledgerAccountNames, recognisablePayment, withSubject } from './statement-detail';

/*
 * Resolving the differences of a bank reconciliation (docs/bank-files.md "Resolving
 * differences"): a person decides, with a reason, what one open difference is — a payment
 * registered by hand, the bank's fee, an adjustment, another account's line, or checked and
 * acknowledged. Each decision is kept (bank_statement_resolutions), audited, books what it books
 * in the same transaction, and the statement is reconciled again at once. Undoing one keeps it,
 * with who undid it and why, and books the reversal.
 */

/** A payment whose money is already in the ledger: the only ones a line may be linked to. */
const BOOKED_PAYMENT_STATUSES: readonly PaymentStatus[] = ['allocated', 'partially_allocated', 'unmatched'];

/** A payment registered by hand keeps its idempotency key as its id until a bank line is linked. */
const MANUAL_TRANSACTION_PREFIX = 'manual:';

const JOURNAL_TEXT_LABELS: Readonly<Record<'bank_fee' | 'adjustment', string>> = { bank_fee: 'Bankavgift', adjustment: 'Justering vid bankavstämning' };

/** Who decides, on which statement, when: what every write below needs. */
interface DecisionScope {
  tx: Db;
  ctx: OrgScope;
  orgId: string;
  statement: BankStatementRow;
  reading: StoredFileReading;
  actorId: string | null;
  now: string;
  reason: string;
}

/** The open difference `key` names, freshly compared; a file that cannot be compared offers nothing to resolve. */
function openDifference(comparison: Comparison, key: string): StatementReconciliationDifference {
  if (!comparison.result || comparison.reading.problems.length > 0) {
    throw new DomainError('RESOLUTION_NOT_ALLOWED', 'Utdraget kan inte jämföras utan den importerade originalfilen; ingen avvikelse kan lösas här');
  }
  const found = comparison.result.differences.find((difference) => statementDifferenceKey(difference) === key);
  if (!found) throw new DomainError('CONFLICT', 'Avvikelsen finns inte längre (avstämningen har ändrats): stäng och öppna utdraget igen');
  return found;
}

function lineOf(comparison: Comparison, difference: StatementReconciliationDifference): StatementFileTransaction {
  const line = comparison.result?.lines.find((candidate) => candidate.transaction.transaction_id === difference.transaction_id);
  if (!line) throw new DomainError('NOT_FOUND', 'Raden finns inte i filen');
  return line.transaction;
}

function isUnlinked(payment: Pick<PaymentRow, 'bank_statement_id' | 'transaction_id'>): boolean {
  return payment.bank_statement_id === null && (payment.transaction_id === null || payment.transaction_id.startsWith(MANUAL_TRANSACTION_PREFIX));
}

/** Booked payments of the organisation not linked to any bank transaction, in the line's amount range, best first. */
async function matchCandidates(db: Db, orgId: string, line: StatementFileTransaction) {
  const range = statementMatchAmountRange(line.amountOre);
  const rows = await listStatementMatchCandidateRows(db, orgId, {
    statuses: BOOKED_PAYMENT_STATUSES,
    minOre: range.minOre,
    maxOre: range.maxOre,
    unlinkedTransactionPrefix: MANUAL_TRANSACTION_PREFIX,
  });
  return rankStatementPaymentCandidates(
    line,
    rows.map((row) => ({ ...row, payment_id: row.id, amountOre: row.amount })),
  ).map((ranked) => ({
    ...recognisablePayment(ranked.candidate),
    amount_difference: oreToDecimal(ranked.amount_differenceOre),
    days_apart: ranked.days_apart,
    same_reference: ranked.same_reference,
  }));
}

/**
 * What the 'Lös' dialog offers for one open difference: its actions, the amount a fee or an
 * adjustment books, the payments a line may be, and the accounts.
 */
export async function statementResolutionOptions(ctx: OrgScope, statementId: string, query: unknown): Promise<StatementResolutionOptions> {
  requireScopePermission(ctx, 'bank.write');
  const id = parseInput(idSchema, statementId);
  const { difference: key } = parseInput(statementResolutionOptionsQuerySchema, query);
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const statement = await readStatement(db, orgId, id);
  const comparison = await compare(db, orgId, statement, await readStatementFile(ctx, statement));
  const difference = openDifference(comparison, key);
  const open = comparison.result!.differences.map(storedDifference);
  const response = differenceResponse(storedDifference(difference), open, comparison);
  const amountOre = differenceAmountOre(difference);
  const names = await ledgerAccountNames(db, orgId, [LEDGER_ACCOUNT_CODES.bankCharges, ...BANK_ADJUSTMENT_ACCOUNT_CODES]);
  return {
    difference: response,
    amount: amountOre === null ? null : oreToDecimal(amountOre),
    candidates: response.actions.includes('match_payment') ? await matchCandidates(db, orgId, lineOf(comparison, difference)) : [],
    fee_account: { code: LEDGER_ACCOUNT_CODES.bankCharges, name: names.get(LEDGER_ACCOUNT_CODES.bankCharges)! },
    counter_accounts: BANK_ADJUSTMENT_ACCOUNT_CODES.map((code) => ({ code, name: names.get(code)!, purpose: BANK_ADJUSTMENT_ACCOUNT_PURPOSES[code] })),
  };
}

interface ResolutionFields {
  kind: StatementResolutionKind;
  transaction_id?: string | null;
  payment_id?: string | null;
  previous_transaction_id?: string | null;
  journal_id?: string | null;
  amount?: Ore | null;
  counter_account?: string | null;
}

/** Keeps the decision on `difference`, audited on the statement. */
async function insertResolution(
  scope: DecisionScope,
  comparison: Comparison,
  difference: StatementReconciliationDifference,
  fields: ResolutionFields,
  id: string = uuidV7(),
): Promise<BankStatementResolutionRow> {
  const row = await insertStatementResolution(scope.tx, {
    id,
    org_id: scope.orgId,
    statement_id: scope.statement.id,
    kind: fields.kind,
    difference_key: statementDifferenceKey(difference),
    difference_code: difference.code,
    difference_json: withSubject(storedDifference(difference), comparison),
    line: difference.line ?? null,
    transaction_id: fields.transaction_id ?? null,
    payment_id: fields.payment_id ?? null,
    previous_transaction_id: fields.previous_transaction_id ?? null,
    journal_id: fields.journal_id ?? null,
    amount: fields.amount ?? null,
    counter_account: fields.counter_account ?? null,
    reason: scope.reason,
    created_by: scope.actorId,
    created_at: scope.now,
  });
  await appendAudit(scope.tx, {
    org_id: scope.orgId,
    actor_id: scope.actorId,
    event: 'bank_statement.difference_resolved',
    entity: 'bank_statements',
    entity_id: scope.statement.id,
    payload: {
      resolution_id: row.id,
      kind: row.kind,
      code: difference.code,
      line: row.line,
      amount: row.amount === null ? null : oreToDecimal(row.amount),
      counter_account: row.counter_account,
      payment_id: row.payment_id,
      journal_id: row.journal_id,
      reason: scope.reason,
    },
    created_at: scope.now,
  });
  return row;
}

/** Books a fee or an adjustment of the difference's amount against 1900 and keeps the decision with its journal. */
async function bookDifference(
  scope: DecisionScope,
  comparison: Comparison,
  difference: StatementReconciliationDifference,
  kind: 'bank_fee' | 'adjustment',
  counterAccount: BankAdjustmentAccountCode | undefined,
): Promise<void> {
  const differenceOre = differenceAmountOre(difference);
  if (differenceOre === null) throw new DomainError('RESOLUTION_NOT_ALLOWED', 'Avvikelsen har inget belopp att bokföra');
  const id = uuidV7();
  const where = `${scope.statement.file_name}${difference.line !== undefined ? ` rad ${difference.line}` : ''}`;
  const journal = buildBankDifferenceJournal({
    kind,
    differenceOre,
    ...(counterAccount ? { counter_account: counterAccount } : {}),
    source_ref: id,
    bank_statement_id: scope.statement.id,
    text: `${JOURNAL_TEXT_LABELS[kind]}, ${where}: ${scope.reason}`,
    booked_at: scope.ctx.app.clock.today(),
    meta: { resolution_id: id },
  });
  const journalId = await insertLedgerJournal(scope.tx, journal, { orgId: scope.orgId, at: scope.now, createdBy: scope.actorId });
  const counter = journal.lines.find((line) => line.account_code !== LEDGER_ACCOUNT_CODES.clientFunds)!.account_code;
  await insertResolution(scope, comparison, difference, { kind, journal_id: journalId, amount: differenceOre, counter_account: counter }, id);
}

/**
 * Links a line without a booking to a payment registered by hand: the payment takes the line's
 * transaction id and the statement, so the line compares with it (and a later import of the line
 * books nothing twice). What the link shows on the same line is part of the decision: a date
 * that differs is acknowledged, an amount that differs is booked as the person chose.
 */
async function matchPayment(
  scope: DecisionScope,
  comparison: Comparison,
  difference: StatementReconciliationDifference,
  decision: Extract<StatementResolutionCreateInput, { kind: 'match_payment' }>,
): Promise<void> {
  const payment = await readPayment(scope.tx, scope.orgId, decision.payment_id);
  if (!BOOKED_PAYMENT_STATUSES.includes(payment.status)) {
    throw new DomainError('RESOLUTION_NOT_ALLOWED', `Betalningen är inte bokförd (${PAYMENT_STATUS_LABELS[payment.status]}): avräkna den först`);
  }
  if (!isUnlinked(payment)) throw new DomainError('CONFLICT', 'Betalningen är redan kopplad till en banktransaktion');
  const line = lineOf(comparison, difference);
  const range = statementMatchAmountRange(line.amountOre);
  if (payment.amount < range.minOre || payment.amount > range.maxOre) {
    throw new DomainError('RESOLUTION_NOT_ALLOWED', `Betalningen på ${formatOre(payment.amount)} är inte radens pengar (${formatOre(line.amountOre)})`);
  }
  if (payment.amount !== line.amountOre && !decision.amount_difference) {
    throw new DomainError(
      'RESOLUTION_NOT_ALLOWED',
      `Betalningen är på ${formatOre(payment.amount)} och raden på ${formatOre(line.amountOre)}: välj om skillnaden är en bankavgift eller en justering`,
    );
  }
  if (payment.amount !== line.amountOre && decision.amount_difference === 'adjustment' && !decision.counter_account) {
    throw new DomainError('INVALID_OPTION', `Välj motkonto för justeringen: ${BANK_ADJUSTMENT_ACCOUNT_CODES.join(' eller ')}`);
  }
  await updatePaymentBankLink(scope.tx, scope.orgId, payment.id, {
    transaction_id: line.transaction_id,
    bank_statement_id: scope.statement.id,
    updated_at: scope.now,
  });
  await insertResolution(scope, comparison, difference, {
    kind: 'match_payment',
    transaction_id: line.transaction_id,
    payment_id: payment.id,
    previous_transaction_id: payment.transaction_id,
    amount: line.amountOre,
  });
  await appendAudit(scope.tx, {
    org_id: scope.orgId,
    actor_id: scope.actorId,
    event: 'payment.bank_linked',
    entity: 'payments',
    entity_id: payment.id,
    payload: { bank_statement_id: scope.statement.id, file_name: scope.statement.file_name, line: line.line, reason: scope.reason },
    created_at: scope.now,
  });
  const linked = await compare(scope.tx, scope.orgId, scope.statement, scope.reading);
  for (const follow of linked.result!.differences.filter((candidate) => candidate.transaction_id === line.transaction_id)) {
    if (follow.code === 'DATE_DIFFERS') await insertResolution(scope, linked, follow, { kind: 'acknowledge' });
    if (follow.code === 'AMOUNT_DIFFERS' && decision.amount_difference)
      await bookDifference(scope, linked, follow, decision.amount_difference, decision.counter_account);
  }
}

async function decisionScope(ctx: OrgScope, tx: Db, statementId: string, reading: StoredFileReading, reason: string): Promise<DecisionScope> {
  const orgId = ctx.membership.org_id;
  return { tx, ctx, orgId, statement: await readStatement(tx, orgId, statementId), reading, actorId: auditActor(ctx), now: ctx.app.clock.now(), reason };
}

/**
 * Resolves one open difference of a statement (`difference` is its key) with the action the
 * person chose and a reason, in one transaction with the statement's new reconciliation.
 * Refused: an action the difference does not offer, a difference no longer open, a payment of
 * another organisation (404), one already linked to a bank transaction (409), one not booked, or
 * one of another amount unless its difference is booked too.
 */
export async function createStatementResolution(ctx: OrgScope, statementId: string, input: StatementResolutionCreateInput): Promise<BankStatementDetail> {
  requireScopePermission(ctx, 'bank.write');
  const id = parseInput(idSchema, statementId);
  const decision = parseInput(statementResolutionCreateSchema, input);
  const reading = await readStatementFile(ctx, await readStatement(ctx.app.database.db, ctx.membership.org_id, id));
  return ctx.app.database.transaction(async (tx) => {
    const scope = await decisionScope(ctx, tx, id, reading, decision.reason);
    const comparison = await compare(tx, scope.orgId, scope.statement, reading);
    const difference = openDifference(comparison, decision.difference);
    assertResolutionAllowed(difference, comparison.result!.differences, decision.kind);
    if (decision.kind === 'match_payment') await matchPayment(scope, comparison, difference, decision);
    else if (decision.kind === 'bank_fee') await bookDifference(scope, comparison, difference, 'bank_fee', undefined);
    else if (decision.kind === 'adjustment') await bookDifference(scope, comparison, difference, 'adjustment', decision.counter_account);
    else {
      const lineSubject = difference.code === 'BOOKING_NOT_IN_FILE' ? null : (difference.transaction_id ?? null);
      await insertResolution(scope, comparison, difference, {
        kind: decision.kind,
        transaction_id: decision.kind === 'other_account' ? lineSubject : null,
        payment_id: difference.code === 'BOOKING_NOT_IN_FILE' ? (difference.payment_id ?? null) : null,
        amount: decision.kind === 'other_account' ? (difference.expectedOre ?? difference.actualOre ?? null) : null,
      });
    }
    return recordReconciliation(tx, ctx, id, reading);
  });
}

async function readResolution(db: Db, orgId: string, statementId: string, id: string): Promise<BankStatementResolutionRow> {
  const row = await findStatementResolutionRow(db, orgId, statementId, id);
  if (!row) throw new DomainError('NOT_FOUND', 'Lösningen hittades inte');
  return row;
}

/** Undoes one decision: the reversing journal of a fee or an adjustment, the link of a match removed; kept with who and why. */
async function undoOne(scope: DecisionScope, row: BankStatementResolutionRow): Promise<void> {
  let undoJournalId: string | null = null;
  if (row.journal_id && row.amount !== null && (row.kind === 'bank_fee' || row.kind === 'adjustment')) {
    const original = buildBankDifferenceJournal({
      kind: row.kind,
      differenceOre: row.amount,
      ...(row.counter_account ? { counter_account: row.counter_account } : {}),
      source_ref: row.id,
      bank_statement_id: row.statement_id,
      text: row.reason,
      booked_at: scope.ctx.app.clock.today(),
    });
    const reversal = reverseJournal(original, {
      source: 'reversal',
      source_ref: row.journal_id,
      booked_at: scope.ctx.app.clock.today(),
      meta: { bank_statement_id: row.statement_id, resolution_id: row.id, text: `Ångrad ${JOURNAL_TEXT_LABELS[row.kind].toLowerCase()}: ${scope.reason}` },
    });
    undoJournalId = await insertLedgerJournal(scope.tx, reversal, {
      orgId: scope.orgId,
      at: scope.now,
      createdBy: scope.actorId,
      reversesJournalId: row.journal_id,
    });
    await markLedgerJournalReversed(scope.tx, scope.orgId, row.journal_id);
  }
  if (row.kind === 'match_payment' && row.payment_id) {
    await updatePaymentBankLink(scope.tx, scope.orgId, row.payment_id, {
      transaction_id: row.previous_transaction_id,
      bank_statement_id: null,
      updated_at: scope.now,
    });
    await appendAudit(scope.tx, {
      org_id: scope.orgId,
      actor_id: scope.actorId,
      event: 'payment.bank_unlinked',
      entity: 'payments',
      entity_id: row.payment_id,
      payload: { bank_statement_id: row.statement_id, file_name: scope.statement.file_name, line: row.line, reason: scope.reason },
      created_at: scope.now,
    });
  }
  await markStatementResolutionUndone(scope.tx, scope.orgId, row.id, {
    undone_at: scope.now,
    undone_by: scope.actorId,
    undo_reason: scope.reason,
    undo_journal_id: undoJournalId,
  });
  await appendAudit(scope.tx, {
    org_id: scope.orgId,
    actor_id: scope.actorId,
    event: 'bank_statement.resolution_undone',
    entity: 'bank_statements',
    entity_id: row.statement_id,
    payload: { resolution_id: row.id, kind: row.kind, code: row.difference_code, line: row.line, undo_journal_id: undoJournalId, reason: scope.reason },
    created_at: scope.now,
  });
}

/**
 * Undoes a decision with a reason, in one transaction with the statement's new reconciliation.
 * Undoing a match also undoes what was decided with it on the same line (the date acknowledged,
 * the difference booked), since without the link those answer nothing.
 */
export async function undoStatementResolution(
  ctx: OrgScope,
  statementId: string,
  resolutionId: string,
  input: StatementResolutionUndoInput,
): Promise<BankStatementDetail> {
  requireScopePermission(ctx, 'bank.write');
  const id = parseInput(idSchema, statementId);
  const rowId = parseInput(idSchema, resolutionId);
  const { reason } = parseInput(statementResolutionUndoSchema, input);
  const reading = await readStatementFile(ctx, await readStatement(ctx.app.database.db, ctx.membership.org_id, id));
  return ctx.app.database.transaction(async (tx) => {
    const scope = await decisionScope(ctx, tx, id, reading, reason);
    const row = await readResolution(tx, scope.orgId, id, rowId);
    if (row.undone_at !== null) throw new DomainError('CONFLICT', 'Lösningen är redan ångrad');
    const withIt =
      row.kind === 'match_payment'
        ? (await listStatementResolutionRows(tx, scope.orgId, id)).filter(
            (other) => other.id !== row.id && other.undone_at === null && other.difference_json.transaction_id === row.transaction_id,
          )
        : [];
    for (const undone of [row, ...withIt]) await undoOne(scope, undone);
    return recordReconciliation(tx, ctx, id, reading);
  });
}
