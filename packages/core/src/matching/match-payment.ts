import type { Ore } from '../money';
import { isOcrReference } from '../identifiers';
import { buildCaseMatchIndex, compareCaseIds, type CaseMatchIndex, type PaymentMatchCase } from './case-match-index';
import { MESSAGE_REFERENCE_LENGTH } from './message-reference';
import { PAYMENT_MATCH_REASONS, type PaymentMatchReason } from './match-reasons';
import { caseIdKey, ocrKey, textTokens } from './payment-text';

/** An incoming payment as matching sees it (amount in öre). */
export interface PaymentMatchInput {
  amountOre: Ore;
  /** The bank's reference field (BgMax/camt), if any. */
  reference?: string | null;
  /** The OCR reference the payer used, if any. */
  ocr?: string | null;
  /** Free text from the payer. */
  message?: string | null;
}

/**
 * Points per reason. Each is larger than all weaker ones together, so a stronger signal always
 * outranks any combination of weaker ones; a candidate's score is the sum over its reasons.
 */
export const PAYMENT_MATCH_REASON_WEIGHTS: Readonly<Record<PaymentMatchReason, number>> = {
  case_id: 16,
  ocr: 8,
  message_reference: 4,
  claim_reference: 2,
  amount: 1,
};

/** At most 10 match candidates (spec part 2 §5 and §9). */
export const PAYMENT_MATCH_LIMIT = 10;

/** A ranked candidate case for a payment. */
export interface PaymentMatchCandidate {
  case_id: string;
  /** Sum of `PAYMENT_MATCH_REASON_WEIGHTS` over `reasons`. */
  score: number;
  /** In `PAYMENT_MATCH_REASONS` order; never empty. */
  reasons: PaymentMatchReason[];
}

/** Spec part 2 §5: a case id is the first 36 characters of a reference longer than 8 characters. */
const CASE_ID_LENGTH = 36;

type Found = Map<PaymentMatchCase, Set<PaymentMatchReason>>;

function add(found: Found, cases: readonly PaymentMatchCase[] | undefined, reason: PaymentMatchReason): void {
  for (const matchCase of cases ?? []) {
    const reasons = found.get(matchCase);
    if (reasons) reasons.add(reason);
    else found.set(matchCase, new Set([reason]));
  }
}

function caseIdFromText(index: CaseMatchIndex, text: string | null | undefined): PaymentMatchCase | undefined {
  const trimmed = text?.trim() ?? '';
  if (trimmed.length <= MESSAGE_REFERENCE_LENGTH) return undefined;
  return index.byId.get(caseIdKey(trimmed.slice(0, CASE_ID_LENGTH)));
}

/** The payment's OCR field, plus a reference or message that is itself a valid OCR reference. */
function paymentOcrKeys(payment: PaymentMatchInput): Set<string> {
  const keys = new Set<string>();
  const ocr = ocrKey(payment.ocr);
  if (ocr) keys.add(ocr);
  for (const text of [payment.reference, payment.message]) {
    const candidate = ocrKey(text);
    if (candidate && isOcrReference(candidate)) keys.add(candidate);
  }
  return keys;
}

function toCandidate(matchCase: PaymentMatchCase, reasons: Set<PaymentMatchReason>): PaymentMatchCandidate {
  const ordered = PAYMENT_MATCH_REASONS.filter((reason) => reasons.has(reason));
  return {
    case_id: matchCase.id,
    score: ordered.reduce((sum, reason) => sum + PAYMENT_MATCH_REASON_WEIGHTS[reason], 0),
    reasons: ordered,
  };
}

function compareCandidates(a: PaymentMatchCandidate, b: PaymentMatchCandidate): number {
  return b.score - a.score || compareCaseIds(a.case_id, b.case_id);
}

/**
 * Ranks candidate cases for an incoming payment: case id in the reference or message, OCR,
 * message reference (first 8 characters of the case id) as a whole token, claim reference number
 * as a whole token (punctuation ignored), total outstanding equal to the amount (spec part 2 §5,
 * part 1 §9). At most 10, best first, ties by case id. Cost per payment is a handful of map
 * look-ups per word of the payment text, independent of the number of cases.
 * @example matchPaymentCandidates(index, { amountOre: ore(50000), message: 'Ärende 3F2A1B2C' }) // [{ case_id: '3f2a1b2c-…', score: 5, reasons: ['message_reference', 'amount'] }]
 */
export function matchPaymentCandidates(index: CaseMatchIndex, payment: PaymentMatchInput): PaymentMatchCandidate[] {
  const found: Found = new Map();
  for (const text of [payment.reference, payment.message]) {
    const matchCase = caseIdFromText(index, text);
    if (matchCase) add(found, [matchCase], 'case_id');
  }
  for (const key of paymentOcrKeys(payment)) add(found, index.byOcr.get(key), 'ocr');

  const tokens = [...textTokens(payment.reference), ...textTokens(payment.message)];
  for (const token of tokens) {
    if (token.length === MESSAGE_REFERENCE_LENGTH) add(found, index.byMessageReference.get(token), 'message_reference');
  }
  // A claim reference may span several tokens ("F-2024-001"): try every run of adjacent tokens
  // up to the longest reference, within the reference field and within the message separately.
  for (const text of [payment.reference, payment.message]) {
    const textTokenList = textTokens(text);
    for (let start = 0; start < textTokenList.length; start += 1) {
      let key = '';
      for (let end = start; end < textTokenList.length && end - start < index.maxReferenceNoTokens; end += 1) {
        key += textTokenList[end];
        add(found, index.byReferenceNo.get(key), 'claim_reference');
      }
    }
  }

  // Amount equality is only a signal for a real payment (positive amount).
  const isAmountUsable = payment.amountOre > 0;
  if (isAmountUsable) {
    for (const [matchCase, reasons] of found) {
      if (matchCase.total_outstandingOre === payment.amountOre) reasons.add('amount');
    }
  }
  const candidates = [...found].map(([matchCase, reasons]) => toCandidate(matchCase, reasons));

  // Amount-only candidates rank below every other one and their buckets are sorted by id, so the
  // first 10 not already found are all that can make the list: no need to visit the rest.
  if (isAmountUsable) {
    let amountOnlyCount = 0;
    for (const matchCase of index.byAmount.get(payment.amountOre) ?? []) {
      if (amountOnlyCount >= PAYMENT_MATCH_LIMIT) break;
      if (found.has(matchCase)) continue;
      candidates.push(toCandidate(matchCase, new Set(['amount'])));
      amountOnlyCount += 1;
    }
  }
  return candidates.sort(compareCandidates).slice(0, PAYMENT_MATCH_LIMIT);
}

/**
 * One-off matching without a prebuilt index (e.g. the match dialog for one payment); builds the
 * index and matches. For many payments, build the index once with `buildCaseMatchIndex`.
 * @example findPaymentMatchCandidates(cases, { amountOre: ore(50000), ocr: '123456789023' })
 */
export function findPaymentMatchCandidates(cases: Iterable<PaymentMatchCase>, payment: PaymentMatchInput): PaymentMatchCandidate[] {
  return matchPaymentCandidates(buildCaseMatchIndex(cases), payment);
}
