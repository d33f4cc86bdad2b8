import { describe, expect, it } from 'vitest';
import { ore } from '../money';
import { buildCaseMatchIndex, findPaymentMatchCandidates, matchPaymentCandidates, type PaymentMatchCase } from '.';

const A = '3f2a1b2c-9d8e-4f70-a1b2-c3d4e5f60718';
const B = '5b6c7d8e-1111-4222-8333-444455556666';
const C = '9a9b9c9d-aaaa-4bbb-8ccc-dddddddddddd';
const CLOSED = '11111111-2222-4333-8444-555555555555';
const ON_HOLD = '22222222-3333-4444-8555-666666666666';

const CASES: PaymentMatchCase[] = [
  { id: A, status: 'active', total_outstandingOre: ore(50_000), ocr_reference: '123456789023', reference_no: 'INV-1001' },
  { id: B, status: 'draft', total_outstandingOre: ore(75_050), ocr_reference: '12351', reference_no: 'F-2024-001' },
  { id: C, status: 'active', total_outstandingOre: ore(50_000), ocr_reference: '1231', reference_no: null },
  { id: CLOSED, status: 'closed', total_outstandingOre: ore(50_000), ocr_reference: '1230', reference_no: 'INV-9' },
  { id: ON_HOLD, status: 'on_hold', total_outstandingOre: ore(50_000), ocr_reference: '133', reference_no: 'INV-8' },
];
const INDEX = buildCaseMatchIndex(CASES);

type Row = [string, Parameters<typeof matchPaymentCandidates>[1], [string, string[]][]];

describe('matchPaymentCandidates examples', () => {
  it.each<Row>([
    // case id: the first 36 characters of a reference longer than 8 characters (spec part 2 §5)
    ['the full case id as reference', { amountOre: ore(1), reference: A }, [[A, ['case_id', 'message_reference']]]],
    ['a case id followed by text', { amountOre: ore(1), reference: `${A}/faktura` }, [[A, ['case_id', 'message_reference']]]],
    ['an upper-case case id', { amountOre: ore(1), reference: A.toUpperCase() }, [[A, ['case_id', 'message_reference']]]],
    ['a case id in the message', { amountOre: ore(1), message: ` ${A} ` }, [[A, ['case_id', 'message_reference']]]],
    ['a case id after other text is found by its message reference only', { amountOre: ore(1), message: `Betalning ${A}` }, [[A, ['message_reference']]]],
    // OCR
    ['the payment OCR', { amountOre: ore(1), ocr: '123456789023' }, [[A, ['ocr']]]],
    ['the payment OCR with spaces', { amountOre: ore(1), ocr: '1234 5678 9023' }, [[A, ['ocr']]]],
    ['a reference that passes the OCR check', { amountOre: ore(1), reference: '12351' }, [[B, ['ocr']]]],
    ['an OCR field equal to a case OCR even with a wrong check digit', { amountOre: ore(1), ocr: '1231' }, [[C, ['ocr']]]],
    ['a reference failing the OCR check is not an OCR', { amountOre: ore(1), reference: '1231' }, []],
    ['a closed case’s OCR gives nothing', { amountOre: ore(1), ocr: '1230' }, []],
    // message reference (spec part 1 §9)
    ['the message reference in the message', { amountOre: ore(1), message: 'Ärende 3F2A1B2C' }, [[A, ['message_reference']]]],
    ['the message reference in lower case', { amountOre: ore(1), message: 'ärende 3f2a1b2c tack' }, [[A, ['message_reference']]]],
    ['the message reference as the whole reference', { amountOre: ore(1), reference: '3F2A1B2C' }, [[A, ['message_reference']]]],
    ['the message reference inside a longer word', { amountOre: ore(1), message: 'X3F2A1B2C 3F2A1B2CX' }, []],
    // claim reference number
    ['the claim reference', { amountOre: ore(1), message: 'Faktura INV-1001' }, [[A, ['claim_reference']]]],
    ['the claim reference spaced differently', { amountOre: ore(1), message: 'faktura f 2024 001' }, [[B, ['claim_reference']]]],
    ['the claim reference without punctuation', { amountOre: ore(1), reference: 'F2024001' }, [[B, ['claim_reference']]]],
    ['the claim reference inside a longer token', { amountOre: ore(1), message: 'F-2024-0012' }, []],
    ['a closed case’s claim reference', { amountOre: ore(1), message: 'INV-9' }, []],
    // amount
    ['only the amount', { amountOre: ore(75_050) }, [[B, ['amount']]]],
    [
      'the amount of two open cases, ties by id',
      { amountOre: ore(50_000) },
      [
        [A, ['amount']],
        [C, ['amount']],
      ],
    ],
    // combinations: stronger reasons first
    [
      'OCR of one case and the amount of two',
      { amountOre: ore(50_000), ocr: '1231' },
      [
        [C, ['ocr', 'amount']],
        [A, ['amount']],
      ],
    ],
    [
      'claim reference of one case outranks the amount of others',
      { amountOre: ore(50_000), message: 'F-2024-001' },
      [
        [B, ['claim_reference']],
        [A, ['amount']],
        [C, ['amount']],
      ],
    ],
    [
      'case id outranks OCR of another case',
      { amountOre: ore(1), reference: B, ocr: '123456789023' },
      [
        [B, ['case_id', 'message_reference']],
        [A, ['ocr']],
      ],
    ],
    ['nothing matches', { amountOre: ore(12_345), reference: 'hej', message: null, ocr: null }, []],
    ['a reference of 8 characters or fewer is no case id', { amountOre: ore(1), reference: A.slice(0, 8) + '-' }, [[A, ['message_reference']]]],
  ])('%s', (_title, payment, expected) => {
    const result = matchPaymentCandidates(INDEX, payment);
    expect(result.map((c) => [c.case_id, c.reasons])).toEqual(expected);
  });

  it('scores are the sum of the reason weights', () => {
    const [first] = matchPaymentCandidates(INDEX, { amountOre: ore(50_000), reference: A, ocr: '123456789023', message: 'INV-1001' });
    expect(first).toEqual({ case_id: A, score: 16 + 8 + 4 + 2 + 1, reasons: ['case_id', 'ocr', 'message_reference', 'claim_reference', 'amount'] });
  });

  it('a zero amount matches no case by amount', () => {
    const index = buildCaseMatchIndex([{ id: A, status: 'active', total_outstandingOre: ore(0) }]);
    expect(matchPaymentCandidates(index, { amountOre: ore(0) })).toEqual([]);
  });

  it('returns at most 10 candidates, the lowest ids among equals', () => {
    const ids = Array.from({ length: 25 }, (_, i) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`);
    const cases = ids.map((id) => ({ id, status: 'active', total_outstandingOre: ore(100) })).reverse();
    const result = findPaymentMatchCandidates(cases, { amountOre: ore(100) });
    expect(result.map((c) => c.case_id)).toEqual(ids.slice(0, 10));
  });

  it('a strong match is kept even when more than 10 cases share the amount', () => {
    const ids = Array.from({ length: 25 }, (_, i) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`);
    const cases = ids.map((id) => ({ id, status: 'active', total_outstandingOre: ore(100) }));
    const result = findPaymentMatchCandidates(cases, { amountOre: ore(100), message: `avser ${ids[20]!.slice(0, 8)}` });
    expect(result).toHaveLength(10);
    expect(result[0]).toEqual({ case_id: ids[20], score: 5, reasons: ['message_reference', 'amount'] });
    expect(result.slice(1).map((c) => c.case_id)).toEqual(ids.slice(0, 9));
  });

  it('two cases with the same id are refused', () => {
    expect(() => buildCaseMatchIndex([CASES[0]!, { ...CASES[1]!, id: A.toUpperCase() }])).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('the index leaves out cases that are not active or draft', () => {
    expect(INDEX.caseCount).toBe(3);
  });
});

describe('matching at scale', () => {
  it('matches 2 000 payments against 100 000 cases in well under a second each', () => {
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    const cases: PaymentMatchCase[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: `${hex((i * 2654435761) % 2 ** 32)}-0000-4000-8000-${String(i).padStart(12, '0')}`,
      status: i % 10 === 0 ? 'closed' : 'active',
      total_outstandingOre: ore(10_000 + (i % 500) * 100),
      ocr_reference: String(1_000_000 + i),
      reference_no: `F-${i}`,
    }));
    const index = buildCaseMatchIndex(cases);
    const started = performance.now();
    let matched = 0;
    for (let i = 1; i <= 2_000; i += 1) {
      const target = cases[i * 37]!;
      const result = matchPaymentCandidates(index, {
        amountOre: target.total_outstandingOre,
        ocr: target.ocr_reference,
        message: `Faktura F-${i * 37} avser ${target.id.slice(0, 8)}`,
      });
      if (target.status === 'active' && result[0]?.case_id === target.id) matched += 1;
      expect(result.length).toBeLessThanOrEqual(10);
    }
    const elapsedMs = performance.now() - started;
    expect(matched).toBe(Array.from({ length: 2_000 }, (_, k) => (k + 1) * 37).filter((i) => i % 10 !== 0).length);
    // A scan over 100 000 cases per payment would take seconds here; look-ups take milliseconds.
    expect(elapsedMs).toBeLessThan(2_000);
  });
});
