import { addOre, subOre, sumOre, ZERO_ORE, type Ore } from '../money';
import type { IsoDate } from '../dates';
import type { StatementLineKind, StatementLineStatus } from './bank-codes';
import type { BankFileFinding, BankPaymentRecord, BankReportedKind, BankStatementReconciliation, Camt053Balance, ParsedBankFile } from './types';
import { differenceAmountOre, statementDifferenceKey, type StatementResolution } from './statement-resolutions';

/*
 * Bank reconciliation (bankavstämning, spec part 2 §2, §4): the statement a bank file records is
 * compared with what Fordran booked from it. Pure: the service re-reads the stored file with the
 * parsers, loads the booked payments and passes both here.
 *
 * The rules (docs/bank-files.md):
 * 1. every incoming payment of the file has a booked payment with the same transaction id, the
 *    same amount and the same payment date (wherever it was booked: a transaction seen before in
 *    another file counts as booked);
 * 2. no payment is booked on the statement that the file does not hold;
 * 3. the sum of the booked payments equals the file's total credits;
 * 4. camt.053: opening balance + credits − debits = closing balance, per statement;
 * 5. the file itself has no error-level findings (e.g. a BgMax deposit total that does not add up).
 * A person's resolutions (statement-resolutions.ts) take part: a line linked to a payment compares
 * with it, a line or booking set aside as another account's is neither compared nor counted, the
 * fee and adjustment journals count toward the bookings, and an acknowledged or booked difference
 * is resolved rather than open. The file's own figures never change.
 * BgMax deductions (avdrag), camt reversals and returned payments are not payments to the agency,
 * and amounts in another currency are never booked as kronor: all are listed for review without
 * being compared, and none is in the kronor totals.
 */

/**
 * What a line of the file is: an incoming payment, a BgMax deduction, a camt reversal, a returned
 * payment, or an amount in another currency than SEK (never booked, listed for manual handling).
 */
export type StatementTransactionKind = StatementLineKind;

/** One transaction of the file, as far as reconciliation needs it. */
export interface StatementFileTransaction {
  transaction_id: string;
  line: number;
  kind: StatementTransactionKind;
  /** Signed öre as the parser gives it (deductions negative); minor units of `currency` for a foreign line. */
  amountOre: Ore;
  currency: string;
  paid_at: IsoDate;
  payer_name: string | null;
  reference: string | null;
}

/** A camt.053 statement's balance check (OPBD + credits − debits = CLBD, in SEK). */
export interface StatementBalanceCheck {
  line: number;
  statement_id: string | null;
  status: BankStatementReconciliation;
  openingOre: Ore | null;
  closingOre: Ore | null;
  creditsOre: Ore;
  debitsOre: Ore;
  /** Every balance the statement states, each in its own currency; only SEK ones are checked. */
  balances: readonly Camt053Balance[];
}

/** The facts of a bank file reconciliation compares: its transactions, credits, balances and errors. */
export interface StatementFileFacts {
  transactions: readonly StatementFileTransaction[];
  /** Money in as the file states it (BgMax Σ TK20, camt Σ booked CRDT, CSV Σ positive rows). */
  total_creditsOre: Ore;
  balances: readonly StatementBalanceCheck[];
  /** The parser's error-level findings. */
  errors: readonly BankFileFinding[];
}

/** A payment booked in Fordran that carries a bank transaction id. */
export interface BookedStatementPayment {
  payment_id: string;
  transaction_id: string | null;
  amountOre: Ore;
  paid_at: IsoDate;
  /** Whether the payment was booked from (and points to) the statement being reconciled. */
  is_on_statement: boolean;
  /** Held for review as a possible repeat of a transaction booked from another file: nothing booked yet. */
  is_held?: boolean;
}

export type StatementDifferenceCode =
  | 'TRANSACTION_NOT_BOOKED'
  | 'AMOUNT_DIFFERS'
  | 'DATE_DIFFERS'
  | 'BOOKING_NOT_IN_FILE'
  | 'TOTAL_CREDITS_DIFFER'
  | 'BALANCE_MISMATCH'
  | 'TRANSACTION_HELD'
  | 'FILE_ERROR';

/** One difference found, with a Swedish message for the review view. Amounts in öre. */
export interface StatementReconciliationDifference {
  code: StatementDifferenceCode;
  message: string;
  /** What the file says. */
  expectedOre?: Ore;
  /** What is booked (or, for a balance, what the statement says). */
  actualOre?: Ore;
  expected_date?: IsoDate;
  actual_date?: IsoDate;
  /** Line of the file, when the difference concerns one. */
  line?: number;
  transaction_id?: string;
  payment_id?: string;
  /** The parser's finding code, for FILE_ERROR. */
  finding_code?: string;
}

export interface StatementReconciliationLine {
  transaction: StatementFileTransaction;
  booking: BookedStatementPayment | null;
  status: StatementLineStatus;
}

/** A difference a resolution answers, with that resolution. */
export interface ResolvedStatementDifference {
  difference: StatementReconciliationDifference;
  resolution: StatementResolution;
}

export interface StatementReconciliationResult {
  status: 'reconciled' | 'mismatch';
  /** The differences no resolution answers. */
  differences: StatementReconciliationDifference[];
  /** Every transaction of the file, in file order, beside its booking. */
  lines: StatementReconciliationLine[];
  /** Payments booked on the statement that the file does not hold (and no one set aside). */
  unexpected_bookings: BookedStatementPayment[];
  /** The file's own total credits, whatever was resolved. */
  total_creditsOre: Ore;
  /** Σ of the bookings compared (matched transactions and the unexpected ones). */
  total_bookedOre: Ore;
  /** Σ of the file's payments set aside as another account's. */
  excluded_creditsOre: Ore;
  /** Σ of the fee and adjustment resolutions (signed: file minus bookings). */
  adjustmentsOre: Ore;
  /** The differences resolutions answer, by line like `differences`. */
  resolved: ResolvedStatementDifference[];
}

export const STATEMENT_DIFFERENCE_MESSAGES: Readonly<Record<StatementDifferenceCode, string>> = {
  TRANSACTION_NOT_BOOKED: 'Transaktionen i filen saknar bokförd betalning',
  AMOUNT_DIFFERS: 'Bokfört belopp skiljer sig från beloppet i filen',
  DATE_DIFFERS: 'Bokfört betaldatum skiljer sig från datumet i filen',
  BOOKING_NOT_IN_FILE: 'Betalningen är bokförd på utdraget men finns inte i filen',
  TOTAL_CREDITS_DIFFER: 'Summan av bokförda betalningar stämmer inte med filens insättningar',
  BALANCE_MISMATCH: 'Ingående saldo plus insättningar minus uttag stämmer inte med utgående saldo',
  TRANSACTION_HELD: 'Möjlig dubblett av en betalning från en annan fil – väntar på granskning under Inbetalningar',
  FILE_ERROR: 'Filen innehåller fel',
};

function kindOf(record: BankPaymentRecord, reported: BankReportedKind | null): StatementTransactionKind {
  if (reported) return reported;
  if (record.is_reversal) return 'reversal';
  return record.amountOre < 0 || record.is_deduction ? 'deduction' : 'payment';
}

function transactionOf(record: BankPaymentRecord, reported: BankReportedKind | null): StatementFileTransaction {
  return {
    transaction_id: record.transaction_id,
    line: record.line,
    kind: kindOf(record, reported),
    amountOre: record.amountOre,
    currency: record.currency,
    paid_at: record.paid_at,
    payer_name: record.payer_name,
    reference: record.reference,
  };
}

/**
 * The facts reconciliation needs from a parsed bank file: its payments and reversals in line
 * order, total credits, the camt balance checks and the error findings.
 * @example statementFileFacts(await parseBankFile(bytes)).total_creditsOre // 1194845
 */
export function statementFileFacts(parsed: ParsedBankFile): StatementFileFacts {
  const transactions = [
    ...parsed.payments.map((record) => transactionOf(record, null)),
    ...parsed.reversals.map((record) => transactionOf(record, 'reversal')),
    ...parsed.returned.map((record) => transactionOf(record, 'returned')),
    ...parsed.foreign.map((record) => transactionOf(record, 'foreign')),
  ].sort((a, b) => a.line - b.line);
  const summary = parsed.summary;
  const balances: StatementBalanceCheck[] =
    summary.format === 'camt053'
      ? summary.statements.map((statement) => ({
          line: statement.line,
          statement_id: statement.id,
          status: statement.reconciliation_status,
          openingOre: statement.opening_balanceOre,
          closingOre: statement.closing_balanceOre,
          creditsOre: statement.total_creditsOre,
          debitsOre: statement.total_debitsOre,
          balances: statement.balances,
        }))
      : [];
  return {
    transactions,
    total_creditsOre: summary.total_creditsOre,
    balances,
    errors: summary.errors.filter((finding) => finding.severity === 'error'),
  };
}

function difference(code: StatementDifferenceCode, fields: Omit<StatementReconciliationDifference, 'code' | 'message'>): StatementReconciliationDifference {
  return { code, message: STATEMENT_DIFFERENCE_MESSAGES[code], ...fields };
}

function compareLine(
  transaction: StatementFileTransaction,
  booking: BookedStatementPayment | undefined,
): { line: StatementReconciliationLine; differences: StatementReconciliationDifference[] } {
  if (transaction.kind !== 'payment') return { line: { transaction, booking: booking ?? null, status: 'not_compared' }, differences: [] };
  const where = { line: transaction.line, transaction_id: transaction.transaction_id };
  if (!booking) {
    return {
      line: { transaction, booking: null, status: 'missing' },
      differences: [difference('TRANSACTION_NOT_BOOKED', { ...where, expectedOre: transaction.amountOre, expected_date: transaction.paid_at })],
    };
  }
  if (booking.is_held) {
    return {
      line: { transaction, booking, status: 'held' },
      differences: [difference('TRANSACTION_HELD', { ...where, payment_id: booking.payment_id, expectedOre: transaction.amountOre })],
    };
  }
  const differences: StatementReconciliationDifference[] = [];
  const booked = { ...where, payment_id: booking.payment_id };
  if (booking.amountOre !== transaction.amountOre) {
    differences.push(difference('AMOUNT_DIFFERS', { ...booked, expectedOre: transaction.amountOre, actualOre: booking.amountOre }));
  }
  if (booking.paid_at !== transaction.paid_at) {
    differences.push(difference('DATE_DIFFERS', { ...booked, expected_date: transaction.paid_at, actual_date: booking.paid_at }));
  }
  return { line: { transaction, booking, status: differences.length > 0 ? 'differs' : 'matched' }, differences };
}

function balanceDifference(check: StatementBalanceCheck): StatementReconciliationDifference[] {
  if (check.status !== 'mismatch' || check.openingOre === null || check.closingOre === null) return [];
  const expectedOre = subOre(addOre(check.openingOre, check.creditsOre), check.debitsOre);
  return [difference('BALANCE_MISMATCH', { line: check.line, expectedOre, actualOre: check.closingOre })];
}

/** The resolutions by what they act on. */
interface Decisions {
  /** match_payment: transaction id → the resolution naming its payment. */
  matches: Map<string, StatementResolution>;
  /** other_account of a line: transaction id → resolution. */
  excludedLines: Map<string, StatementResolution>;
  /** other_account of a booking: payment id → resolution. */
  excludedBookings: Map<string, StatementResolution>;
  /** bank_fee, adjustment and acknowledge by difference key. */
  byKey: Map<string, StatementResolution[]>;
  adjustmentsOre: Ore;
}

function decisionsOf(resolutions: readonly StatementResolution[]): Decisions {
  const decisions: Decisions = { matches: new Map(), excludedLines: new Map(), excludedBookings: new Map(), byKey: new Map(), adjustmentsOre: ZERO_ORE };
  for (const resolution of resolutions) {
    if (resolution.kind === 'match_payment' && resolution.transaction_id && resolution.payment_id) {
      decisions.matches.set(resolution.transaction_id, resolution);
    } else if (resolution.kind === 'other_account') {
      if (resolution.transaction_id) decisions.excludedLines.set(resolution.transaction_id, resolution);
      else if (resolution.payment_id) decisions.excludedBookings.set(resolution.payment_id, resolution);
    } else {
      decisions.byKey.set(resolution.difference_key, [...(decisions.byKey.get(resolution.difference_key) ?? []), resolution]);
      if (resolution.amountOre) decisions.adjustmentsOre = addOre(decisions.adjustmentsOre, resolution.amountOre);
    }
  }
  return decisions;
}

/** The booking of each transaction id; a payment a person linked to a line stands for it unless the line has its own. */
function bookingsByTransaction(bookings: readonly BookedStatementPayment[], decisions: Decisions): Map<string, BookedStatementPayment> {
  // A transaction booked from this statement is its booking, before the same id from another file.
  const byTransaction = new Map<string, BookedStatementPayment>();
  for (const booking of bookings) {
    if (booking.transaction_id === null) continue;
    const known = byTransaction.get(booking.transaction_id);
    if (!known || (booking.is_on_statement && !known.is_on_statement)) byTransaction.set(booking.transaction_id, booking);
  }
  const byPayment = new Map(bookings.map((booking) => [booking.payment_id, booking]));
  for (const [transactionId, match] of decisions.matches) {
    const payment = byPayment.get(match.payment_id!);
    // A payment linked to another transaction since is not this line's.
    if (!payment || (payment.transaction_id !== null && payment.transaction_id !== transactionId)) continue;
    if (!byTransaction.has(transactionId)) byTransaction.set(transactionId, payment);
  }
  return byTransaction;
}

/**
 * Splits the differences into the open ones and those an acknowledgement, a fee or an
 * adjustment answers: a booked amount only while the difference is still that amount.
 */
function answer(differences: readonly StatementReconciliationDifference[], decisions: Decisions, resolved: ResolvedStatementDifference[]) {
  const open: StatementReconciliationDifference[] = [];
  for (const difference of differences) {
    const delta = differenceAmountOre(difference);
    // The total is answered by the totals themselves (totalDifference), never by its key alone.
    const resolution =
      difference.code === 'TOTAL_CREDITS_DIFFER'
        ? undefined
        : decisions.byKey
            .get(statementDifferenceKey(difference))
            ?.find((candidate) => (candidate.kind === 'acknowledge' ? delta === null : delta !== null && candidate.amountOre === delta));
    if (resolution) resolved.push({ difference, resolution });
    else open.push(difference);
  }
  return open;
}

function byLine(a: StatementReconciliationDifference, b: StatementReconciliationDifference): number {
  return (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER) || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/**
 * The total's difference: the file's credits (less the lines set aside) against the bookings
 * plus every fee and adjustment. A fee or adjustment booked on the total answers it when the
 * total agrees with them and would not without them.
 */
function totalDifference(
  comparedCreditsOre: Ore,
  bookedOre: Ore,
  decisions: Decisions,
  resolved: ResolvedStatementDifference[],
): StatementReconciliationDifference[] {
  const totalKey = statementDifferenceKey({ code: 'TOTAL_CREDITS_DIFFER' });
  const onTotal = decisions.byKey.get(totalKey) ?? [];
  const onTotalOre = sumOre(onTotal.map((resolution) => resolution.amountOre ?? ZERO_ORE));
  const actualOre = addOre(bookedOre, decisions.adjustmentsOre);
  if (actualOre !== comparedCreditsOre) return [difference('TOTAL_CREDITS_DIFFER', { expectedOre: comparedCreditsOre, actualOre })];
  if (onTotalOre !== 0) {
    const raw = difference('TOTAL_CREDITS_DIFFER', { expectedOre: comparedCreditsOre, actualOre: subOre(actualOre, onTotalOre) });
    for (const resolution of onTotal) resolved.push({ difference: raw, resolution });
  }
  return [];
}

/**
 * Compares a bank file with the payments booked from it (rules above), taking the resolutions
 * people decided into account. `reconciled` when no difference is open; every difference names
 * its line, transaction and payment where it has them, sorted by line so the review reads like
 * the file.
 * @example reconcileStatement(statementFileFacts(parsed), bookings).status // 'reconciled'
 */
export function reconcileStatement(
  file: StatementFileFacts,
  bookings: readonly BookedStatementPayment[],
  resolutions: readonly StatementResolution[] = [],
): StatementReconciliationResult {
  const decisions = decisionsOf(resolutions);
  const byTransaction = bookingsByTransaction(bookings, decisions);
  const resolved: ResolvedStatementDifference[] = [];

  const lines: StatementReconciliationLine[] = [];
  const found: StatementReconciliationDifference[] = [];
  const compared = new Set<string>();
  const excluded: StatementFileTransaction[] = [];
  for (const transaction of file.transactions) {
    const booking = byTransaction.get(transaction.transaction_id);
    const setAside = decisions.excludedLines.get(transaction.transaction_id);
    if (!booking && setAside && transaction.kind === 'payment') {
      excluded.push(transaction);
      lines.push({ transaction, booking: null, status: 'excluded' });
      resolved.push({ difference: compareLine(transaction, undefined).differences[0]!, resolution: setAside });
      continue;
    }
    if (booking) compared.add(booking.payment_id);
    const match = decisions.matches.get(transaction.transaction_id);
    if (booking && match?.payment_id === booking.payment_id && transaction.kind === 'payment') {
      resolved.push({ difference: compareLine(transaction, undefined).differences[0]!, resolution: match });
    }
    const result = compareLine(transaction, booking);
    lines.push(result.line);
    found.push(...result.differences);
  }

  const unexpected: BookedStatementPayment[] = [];
  for (const booking of bookings.filter((candidate) => candidate.is_on_statement && !compared.has(candidate.payment_id))) {
    const notInFile = difference('BOOKING_NOT_IN_FILE', {
      payment_id: booking.payment_id,
      actualOre: booking.amountOre,
      actual_date: booking.paid_at,
      ...(booking.transaction_id !== null ? { transaction_id: booking.transaction_id } : {}),
    });
    const setAside = decisions.excludedBookings.get(booking.payment_id);
    if (setAside) {
      resolved.push({ difference: notInFile, resolution: setAside });
      continue;
    }
    unexpected.push(booking);
    found.push(notInFile);
  }

  const counted = [...lines.filter((line) => line.status === 'matched' || line.status === 'differs').map((line) => line.booking!), ...unexpected];
  const total_bookedOre = sumOre(counted.map((booking) => booking.amountOre));
  const excluded_creditsOre = sumOre(excluded.map((transaction) => transaction.amountOre));
  found.push(...totalDifference(subOre(file.total_creditsOre, excluded_creditsOre), total_bookedOre, decisions, resolved));
  for (const check of file.balances) found.push(...balanceDifference(check));
  for (const finding of file.errors) {
    found.push({
      code: 'FILE_ERROR',
      message: finding.message,
      finding_code: finding.code,
      ...(finding.line !== undefined ? { line: finding.line } : {}),
    });
  }

  // Stable order: by line (differences without one last), then by code.
  const differences = answer(found, decisions, resolved).sort(byLine);
  resolved.sort((a, b) => byLine(a.difference, b.difference));
  return {
    status: differences.length === 0 ? 'reconciled' : 'mismatch',
    differences,
    lines,
    unexpected_bookings: unexpected,
    total_creditsOre: file.total_creditsOre,
    total_bookedOre,
    excluded_creditsOre,
    adjustmentsOre: decisions.adjustmentsOre,
    resolved,
  };
}
