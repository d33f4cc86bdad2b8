import { DomainError } from '../errors';
import { ore, subOre, type Ore } from '../money';
import { daysBetween, type IsoDate } from '../dates';
import type { StatementReconciliationDifference } from './reconcile';

/*
 * Resolving the differences of a bank reconciliation (docs/bank-files.md "Resolving
 * differences"): each resolution is a decision a person took, with a reason, on one difference of
 * one statement. Reconciliation takes the resolutions as input (reconcileStatement), so a resolved
 * difference is gone and the totals count what the decision booked or set aside. Pure: the
 * service stores the decisions, books their journals and links the payments.
 */

/**
 * - `match_payment`: a line without a booking is the money of a payment already registered;
 * - `bank_fee`: the difference is the bank's charge (booked on 6570 against 1900);
 * - `adjustment`: the difference is booked on a counter account the docs allow (2990 or 3740);
 * - `other_account`: the line (or the booking) belongs to another account or statement;
 * - `acknowledge`: nothing to book — a date that differs, the bank's own balances or a finding in
 *   the file — a person checked it and says why.
 */
export const STATEMENT_RESOLUTION_KINDS = ['match_payment', 'bank_fee', 'adjustment', 'other_account', 'acknowledge'] as const;
export type StatementResolutionKind = (typeof STATEMENT_RESOLUTION_KINDS)[number];

export const STATEMENT_RESOLUTION_KIND_LABELS: Readonly<Record<StatementResolutionKind, string>> = {
  match_payment: 'Kopplad till betalning',
  bank_fee: 'Bokförd som bankavgift',
  adjustment: 'Bokförd som justering',
  other_account: 'Hör till ett annat konto',
  acknowledge: 'Kvitterad',
};

/** A decision on one difference, as reconciliation needs it. */
export interface StatementResolution {
  kind: StatementResolutionKind;
  /** statementDifferenceKey of the difference it resolves. */
  difference_key: string;
  /** match_payment and other_account of a line: the file's transaction. */
  transaction_id?: string | null;
  /** match_payment: the payment linked; other_account of a booking: that payment. */
  payment_id?: string | null;
  /** bank_fee and adjustment: the signed öre booked (what the file says minus what is booked). */
  amountOre?: Ore | null;
}

/** Differences of money on a line or a booking: while one is open, the total follows from them. */
const LINE_MONEY_CODES: readonly string[] = ['TRANSACTION_NOT_BOOKED', 'AMOUNT_DIFFERS', 'TRANSACTION_HELD', 'BOOKING_NOT_IN_FILE'];

/** What identifies a difference across reconciliations; the fields of a stored difference suffice. */
export type DifferenceIdentity = Pick<StatementReconciliationDifference, 'line' | 'transaction_id' | 'payment_id' | 'finding_code'> & { code: string };

/**
 * A difference's stable key: the same difference found again by a later reconciliation has the
 * same key (the file never changes; its lines and transactions are its own).
 * @example statementDifferenceKey({ code: 'AMOUNT_DIFFERS', line: 3, transaction_id: 'bgmax:1' }) // 'AMOUNT_DIFFERS|3|bgmax:1'
 */
export function statementDifferenceKey(difference: DifferenceIdentity): string {
  const subject = difference.code === 'BOOKING_NOT_IN_FILE' ? difference.payment_id : (difference.transaction_id ?? difference.finding_code);
  return [difference.code, difference.line ?? '', subject ?? ''].join('|');
}

/**
 * What a money difference leaves to book, signed: the file's amount minus what is booked
 * (AMOUNT_DIFFERS, TOTAL_CREDITS_DIFFER); null for any other difference.
 * @example differenceAmountOre({ code: 'AMOUNT_DIFFERS', expectedOre: ore(297892), actualOre: ore(287892) }) // 10000
 */
export function differenceAmountOre(difference: { code: string; expectedOre?: Ore; actualOre?: Ore }): Ore | null {
  if (difference.code !== 'AMOUNT_DIFFERS' && difference.code !== 'TOTAL_CREDITS_DIFFER') return null;
  if (difference.expectedOre === undefined || difference.actualOre === undefined) return null;
  return subOre(difference.expectedOre, difference.actualOre);
}

/**
 * The actions a person may take on a difference, given the differences open beside it:
 * - a line without a booking: link it to a payment, or set it aside as another account's;
 * - a booked amount that differs: book the difference as a bank fee or an adjustment;
 * - a booking the file does not hold: set it aside as another account's;
 * - the total: a fee or an adjustment, only once no difference of a line or booking is open
 *   (until then the total follows from them and would be booked twice);
 * - a date, the bank's balances, a finding in the file: acknowledge with a reason.
 * A held payment is decided under Inbetalningar; a missing or changed file has nothing to resolve.
 * @example statementResolutionActions({ code: 'AMOUNT_DIFFERS' }, []) // ['bank_fee', 'adjustment']
 */
export function statementResolutionActions(difference: { code: string }, open: readonly { code: string }[]): StatementResolutionKind[] {
  switch (difference.code) {
    case 'TRANSACTION_NOT_BOOKED':
      return ['match_payment', 'other_account'];
    case 'AMOUNT_DIFFERS':
      return ['bank_fee', 'adjustment'];
    case 'BOOKING_NOT_IN_FILE':
      return ['other_account'];
    case 'TOTAL_CREDITS_DIFFER':
      return open.some((other) => LINE_MONEY_CODES.includes(other.code)) ? [] : ['bank_fee', 'adjustment'];
    case 'DATE_DIFFERS':
    case 'BALANCE_MISMATCH':
    case 'FILE_ERROR':
      return ['acknowledge'];
    default:
      return [];
  }
}

/**
 * Why a difference offers no action (Swedish, for the review), or null when it offers some.
 * @example statementResolutionNote({ code: 'TRANSACTION_HELD' }, []) // 'Betalningen är hållen …'
 */
export function statementResolutionNote(difference: { code: string }, open: readonly { code: string }[]): string | null {
  if (statementResolutionActions(difference, open).length > 0) return null;
  switch (difference.code) {
    case 'TRANSACTION_HELD':
      return 'Betalningen är hållen som möjlig dubblett: granska den under Inbetalningar.';
    case 'TOTAL_CREDITS_DIFFER':
      return 'Summan följer av raderna: lös avvikelserna på raderna först.';
    case 'MORE_DIFFERENCES':
      return 'Lös de visade avvikelserna först.';
    default:
      return 'Utdraget kan inte jämföras utan den importerade originalfilen; ingen åtgärd här löser det.';
  }
}

/**
 * Throws RESOLUTION_NOT_ALLOWED unless `kind` is one of the actions the difference offers.
 * @example assertResolutionAllowed({ code: 'DATE_DIFFERS', message: '…' }, [], 'bank_fee') // throws
 */
export function assertResolutionAllowed(difference: { code: string; message: string }, open: readonly { code: string }[], kind: StatementResolutionKind): void {
  if (statementResolutionActions(difference, open).includes(kind)) return;
  const note = statementResolutionNote(difference, open);
  throw new DomainError(
    'RESOLUTION_NOT_ALLOWED',
    `${STATEMENT_RESOLUTION_KIND_LABELS[kind]} löser inte avvikelsen ”${difference.message}”${note ? `. ${note}` : ''}`,
    { code: difference.code, kind },
  );
}

// ── payments a line may be matched to ──────────────────────────────────────────────────────

/** A payment that could be a line's money (the service offers only booked, unlinked ones). */
export interface StatementPaymentCandidate {
  payment_id: string;
  amountOre: Ore;
  paid_at: IsoDate;
  ocr: string | null;
  reference: string | null;
}

export interface RankedStatementPaymentCandidate<T extends StatementPaymentCandidate> {
  candidate: T;
  /** The payment's amount minus the line's. */
  amount_differenceOre: Ore;
  /** Days from the line's date to the payment's (negative: paid earlier). */
  days_apart: number;
  /** The payment's OCR or reference is the line's. */
  same_reference: boolean;
}

export const STATEMENT_MATCH_MAX_CANDIDATES = 10;

/**
 * The amounts a payment may have to be offered for a line: within 10 % of it (a bank's charge is
 * small; a payment of another size is another payment).
 * @example statementMatchAmountRange(ore(100000)) // { minOre: 90000, maxOre: 110000 }
 */
export function statementMatchAmountRange(lineOre: Ore): { minOre: Ore; maxOre: Ore } {
  const slackOre = Math.floor(Math.abs(lineOre) / 10);
  return { minOre: ore(Math.abs(lineOre) - slackOre), maxOre: ore(Math.abs(lineOre) + slackOre) };
}

function normalisedReference(value: string | null): string {
  return (value ?? '').replace(/\s+/g, '').toUpperCase();
}

/**
 * Ranks the payments a line may be: the same amount first, then the same OCR/reference, then the
 * closest amount, then the closest date; at most `limit`, outside the amount range never.
 * @example rankStatementPaymentCandidates({ amountOre: ore(100000), paid_at: '2026-11-20', reference: '1234' }, payments)[0].candidate.payment_id
 */
export function rankStatementPaymentCandidates<T extends StatementPaymentCandidate>(
  line: { amountOre: Ore; paid_at: IsoDate; reference: string | null },
  candidates: readonly T[],
  limit: number = STATEMENT_MATCH_MAX_CANDIDATES,
): RankedStatementPaymentCandidate<T>[] {
  const range = statementMatchAmountRange(line.amountOre);
  const reference = normalisedReference(line.reference);
  return candidates
    .filter((candidate) => candidate.amountOre >= range.minOre && candidate.amountOre <= range.maxOre)
    .map((candidate) => ({
      candidate,
      amount_differenceOre: subOre(candidate.amountOre, line.amountOre),
      days_apart: daysBetween(line.paid_at, candidate.paid_at),
      same_reference: reference !== '' && [candidate.ocr, candidate.reference].some((value) => normalisedReference(value) === reference),
    }))
    .sort(
      (a, b) =>
        Number(a.amount_differenceOre !== 0) - Number(b.amount_differenceOre !== 0) ||
        Number(!a.same_reference) - Number(!b.same_reference) ||
        Math.abs(a.amount_differenceOre) - Math.abs(b.amount_differenceOre) ||
        Math.abs(a.days_apart) - Math.abs(b.days_apart) ||
        (a.candidate.payment_id < b.candidate.payment_id ? -1 : a.candidate.payment_id > b.candidate.payment_id ? 1 : 0),
    )
    .slice(0, limit);
}
