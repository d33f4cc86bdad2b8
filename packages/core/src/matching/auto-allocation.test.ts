import { describe, expect, it } from 'vitest';
import { isAutoAllocatableMatch, selectAutoAllocationCandidate, type PaymentMatchCandidate } from '.';

const candidate = (case_id: string, reasons: PaymentMatchCandidate['reasons']): PaymentMatchCandidate => ({ case_id, score: 0, reasons });

describe('auto-allocation on import', () => {
  it.each<[string, PaymentMatchCandidate[], string | null]>([
    ['no candidates', [], null],
    ['one OCR match', [candidate('a', ['ocr'])], 'a'],
    ['one case id match and amount-only others', [candidate('a', ['case_id']), candidate('b', ['amount']), candidate('c', ['amount'])], 'a'],
    ['one message reference match', [candidate('a', ['message_reference', 'amount'])], 'a'],
    ['only a claim reference', [candidate('a', ['claim_reference'])], null],
    ['only the amount, one case', [candidate('a', ['amount'])], null],
    ['two OCR matches', [candidate('a', ['ocr']), candidate('b', ['ocr'])], null],
    ['case id for one, message reference for another', [candidate('a', ['case_id']), candidate('b', ['message_reference'])], null],
    ['identifying match in second place', [candidate('b', ['claim_reference']), candidate('a', ['ocr'])], 'a'],
  ])('%s → %s', (_title, candidates, expected) => {
    expect(selectAutoAllocationCandidate(candidates)?.case_id ?? null).toBe(expected);
    expect(isAutoAllocatableMatch(candidates)).toBe(expected !== null);
  });
});
