import { DomainError } from '../errors';
import type { Ore } from '../money';
import { caseMessageReference, MESSAGE_REFERENCE_LENGTH } from './message-reference';
import { caseIdKey, ocrKey, referenceKey } from './payment-text';

/** What matching needs of a case (spec part 2 §3 field names; money in öre). */
export interface PaymentMatchCase {
  /** The case id (a UUID). */
  id: string;
  status: string;
  total_outstandingOre: Ore;
  ocr_reference?: string | null;
  /** The claim's reference number. */
  reference_no?: string | null;
}

/** Only cases with status active or draft are match candidates (spec part 2 §5). */
export const PAYMENT_MATCH_CASE_STATUSES: readonly string[] = ['active', 'draft'];

/**
 * The organisation's candidate cases, indexed once so that each payment is matched by map look-ups
 * rather than a scan (imports match thousands of payments against up to 100 000 cases). Every
 * list is sorted by case id, which makes results independent of the order cases were given in.
 */
export interface CaseMatchIndex {
  /** Number of indexed (active or draft) cases. */
  readonly caseCount: number;
  /** Lower-case case id → case. */
  readonly byId: ReadonlyMap<string, PaymentMatchCase>;
  /** OCR reference (spaces removed) → cases. */
  readonly byOcr: ReadonlyMap<string, readonly PaymentMatchCase[]>;
  /** Message reference (first 8 characters of the id, upper case) → cases. */
  readonly byMessageReference: ReadonlyMap<string, readonly PaymentMatchCase[]>;
  /** Claim reference key (letters and digits, upper case) → cases. */
  readonly byReferenceNo: ReadonlyMap<string, readonly PaymentMatchCase[]>;
  /** Total outstanding in öre → cases. */
  readonly byAmount: ReadonlyMap<number, readonly PaymentMatchCase[]>;
  /** The most tokens any claim reference has: how many payment-text tokens to join at most. */
  readonly maxReferenceNoTokens: number;
}

function pushTo<K>(map: Map<K, PaymentMatchCase[]>, key: K, matchCase: PaymentMatchCase): void {
  const list = map.get(key);
  if (list) list.push(matchCase);
  else map.set(key, [matchCase]);
}

/** Code-unit order of case ids: the tie-break for every ranking (style §9.8). */
export function compareCaseIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Builds the match index over an organisation's cases; cases not active or draft are left out
 * (spec part 2 §5). Throws VALIDATION_FAILED when two cases share an id (ignoring case).
 * @example buildCaseMatchIndex([{ id: '3f2a1b2c-9d8e-4f70-a1b2-c3d4e5f60718', status: 'active', total_outstandingOre: ore(50000) }]).caseCount // 1
 */
export function buildCaseMatchIndex(cases: Iterable<PaymentMatchCase>): CaseMatchIndex {
  const sorted = [...cases].filter((c) => PAYMENT_MATCH_CASE_STATUSES.includes(c.status)).sort((a, b) => compareCaseIds(a.id, b.id));
  const byId = new Map<string, PaymentMatchCase>();
  const byOcr = new Map<string, PaymentMatchCase[]>();
  const byMessageReference = new Map<string, PaymentMatchCase[]>();
  const byReferenceNo = new Map<string, PaymentMatchCase[]>();
  const byAmount = new Map<number, PaymentMatchCase[]>();
  let maxReferenceNoTokens = 0;
  for (const matchCase of sorted) {
    const idKey = caseIdKey(matchCase.id);
    if (byId.has(idKey)) {
      throw new DomainError('VALIDATION_FAILED', 'Samma ärende-id förekommer flera gånger', { id: matchCase.id });
    }
    byId.set(idKey, matchCase);
    const ocr = ocrKey(matchCase.ocr_reference);
    if (ocr) pushTo(byOcr, ocr, matchCase);
    if (idKey.length >= MESSAGE_REFERENCE_LENGTH) pushTo(byMessageReference, caseMessageReference(matchCase.id), matchCase);
    const reference = referenceKey(matchCase.reference_no);
    if (reference.key) {
      pushTo(byReferenceNo, reference.key, matchCase);
      maxReferenceNoTokens = Math.max(maxReferenceNoTokens, reference.tokenCount);
    }
    pushTo(byAmount, matchCase.total_outstandingOre, matchCase);
  }
  return { caseCount: byId.size, byId, byOcr, byMessageReference, byReferenceNo, byAmount, maxReferenceNoTokens };
}
