import { describe, it } from 'vitest';
import fc from 'fast-check';
import { ore } from '../money';
import {
  buildCaseMatchIndex,
  caseMessageReference,
  matchPaymentCandidates,
  PAYMENT_MATCH_CASE_STATUSES,
  PAYMENT_MATCH_REASON_WEIGHTS,
  PAYMENT_MATCH_REASONS,
  selectAutoAllocationCandidate,
  type PaymentMatchCase,
  type PaymentMatchInput,
} from '.';
import { ocrReferenceArb } from '../../test/arbitraries-identifiers';

// Small pools make amounts, OCRs and claim references collide between cases, as they do in life.
const amountOreArb = fc.constantFrom(10_000, 50_000).map(ore);
const referenceNoArb = fc.constantFrom('F-1', 'F-2', 'INV 2024-7', 'ABC123', '42');
const statusArb = fc.constantFrom('draft', 'active', 'on_hold', 'closed');

const caseArb = (ocrArb: fc.Arbitrary<string | null>): fc.Arbitrary<PaymentMatchCase> =>
  fc.record({
    id: fc.uuid(),
    status: statusArb,
    total_outstandingOre: amountOreArb,
    ocr_reference: ocrArb,
    reference_no: fc.option(referenceNoArb),
  });

/** Up to 60 cases with distinct ids (OCRs from a small pool, so shared now and then). */
const casesArb = fc.uniqueArray(caseArb(fc.option(fc.constantFrom('1230', '12351', '123456789023', '133'))), {
  maxLength: 60,
  selector: (c) => c.id.toLowerCase(),
});

/** At least 25 cases: more open cases share an amount than fit in the 10 candidates. */
const manyCasesArb = fc.uniqueArray(caseArb(fc.option(fc.constantFrom('1230', '12351'))), {
  minLength: 25,
  maxLength: 60,
  selector: (c) => c.id.toLowerCase(),
});

/** Payment texts built from pieces of the cases (ids, message references, claim references) and noise. */
function paymentArb(cases: PaymentMatchCase[]): fc.Arbitrary<PaymentMatchInput> {
  const pieces: fc.Arbitrary<string>[] = [fc.constantFrom('Faktura', 'avser', 'tack', '-', '/', ' '), fc.string({ maxLength: 10 })];
  if (cases.length > 0) {
    const someCase = fc.constantFrom(...cases);
    pieces.push(
      someCase.map((c) => c.id),
      someCase.map((c) => caseMessageReference(c.id).toLowerCase()),
      someCase.map((c) => c.reference_no ?? ''),
      someCase.map((c) => c.ocr_reference ?? ''),
    );
  }
  const textArb = fc.option(fc.array(fc.oneof(...pieces), { maxLength: 5 }).map((parts) => parts.join(' ')));
  const ocrArb = fc.option(
    cases.length > 0
      ? fc.oneof(
          fc.constantFrom(...cases).map((c) => c.ocr_reference ?? ''),
          fc.string({ maxLength: 6 }),
        )
      : fc.string({ maxLength: 6 }),
  );
  return fc.record({ amountOre: fc.oneof(amountOreArb, fc.integer({ min: 0, max: 100_000 }).map(ore)), reference: textArb, ocr: ocrArb, message: textArb });
}

const scenarioArb = fc.oneof(casesArb, manyCasesArb).chain((cases) => fc.record({ cases: fc.constant(cases), payment: paymentArb(cases) }));

describe('payment matching properties', () => {
  it('never returns more than 10 candidates', () => {
    fc.assert(fc.property(scenarioArb, ({ cases, payment }) => matchPaymentCandidates(buildCaseMatchIndex(cases), payment).length <= 10));
  });

  it('the result does not depend on the order of the cases', () => {
    fc.assert(
      fc.property(
        scenarioArb.chain((s) =>
          fc.record({ scenario: fc.constant(s), shuffled: fc.shuffledSubarray(s.cases, { minLength: s.cases.length, maxLength: s.cases.length }) }),
        ),
        ({ scenario, shuffled }) =>
          JSON.stringify(matchPaymentCandidates(buildCaseMatchIndex(scenario.cases), scenario.payment)) ===
          JSON.stringify(matchPaymentCandidates(buildCaseMatchIndex(shuffled), scenario.payment)),
      ),
    );
  });

  it('every candidate has at least one reason, in strength order, and its score is their weight sum', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cases, payment }) =>
        matchPaymentCandidates(buildCaseMatchIndex(cases), payment).every(
          (c) =>
            c.reasons.length > 0 &&
            c.reasons.every((r, i) => i === 0 || PAYMENT_MATCH_REASONS.indexOf(c.reasons[i - 1]!) < PAYMENT_MATCH_REASONS.indexOf(r)) &&
            c.score === c.reasons.reduce((sum, r) => sum + PAYMENT_MATCH_REASON_WEIGHTS[r], 0),
        ),
      ),
    );
  });

  it('candidates are sorted by score, then by case id, without duplicates', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cases, payment }) => {
        const result = matchPaymentCandidates(buildCaseMatchIndex(cases), payment);
        const isSorted = result.every(
          (c, i) => i === 0 || result[i - 1]!.score > c.score || (result[i - 1]!.score === c.score && result[i - 1]!.case_id < c.case_id),
        );
        return isSorted && new Set(result.map((c) => c.case_id)).size === result.length;
      }),
    );
  });

  it('only active and draft cases are candidates', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cases, payment }) => {
        const statusById = new Map(cases.map((c) => [c.id, c.status]));
        return matchPaymentCandidates(buildCaseMatchIndex(cases), payment).every((c) => PAYMENT_MATCH_CASE_STATUSES.includes(statusById.get(c.case_id)!));
      }),
    );
  });

  it('an amount reason means the case’s outstanding equals the payment', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cases, payment }) => {
        const byId = new Map(cases.map((c) => [c.id, c]));
        return matchPaymentCandidates(buildCaseMatchIndex(cases), payment)
          .filter((c) => c.reasons.includes('amount'))
          .every((c) => byId.get(c.case_id)!.total_outstandingOre === payment.amountOre);
      }),
    );
  });

  it('an OCR reason means the case’s OCR is the payment’s OCR, reference or message', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cases, payment }) => {
        const byId = new Map(cases.map((c) => [c.id, c]));
        const compact = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, '');
        return matchPaymentCandidates(buildCaseMatchIndex(cases), payment)
          .filter((c) => c.reasons.includes('ocr'))
          .every((c) => [payment.ocr, payment.reference, payment.message].map(compact).includes(compact(byId.get(c.case_id)!.ocr_reference)));
      }),
    );
  });

  it('a payment carrying a case’s OCR always ranks that case first', () => {
    const uniqueOcrCasesArb = fc.uniqueArray(
      caseArb(ocrReferenceArb).map((c) => ({ ...c, status: 'active' })),
      {
        minLength: 1,
        maxLength: 40,
        selector: (c) => c.ocr_reference,
      },
    );
    fc.assert(
      fc.property(
        uniqueOcrCasesArb.filter((cases) => new Set(cases.map((c) => c.id)).size === cases.length),
        fc.nat(),
        amountOreArb,
        fc.option(fc.string({ maxLength: 30 }).map((text) => `Tack ${text}`)),
        (cases, pick, amountOre, message) => {
          const target = cases[pick % cases.length]!;
          const result = matchPaymentCandidates(buildCaseMatchIndex(cases), { amountOre, ocr: target.ocr_reference, message });
          // Only a case id could outrank the OCR, and a second OCR tie it: the message (never all
          // digits) holds neither.
          return result[0]?.case_id === target.id && result[0].reasons.includes('ocr');
        },
      ),
    );
  });

  it('a payment whose reference is a case id ranks that case first', () => {
    fc.assert(
      fc.property(scenarioArb, fc.nat(), ({ cases, payment }, pick) => {
        const open = cases.filter((c) => PAYMENT_MATCH_CASE_STATUSES.includes(c.status));
        fc.pre(open.length > 0);
        const target = open[pick % open.length]!;
        const result = matchPaymentCandidates(buildCaseMatchIndex(cases), { ...payment, reference: target.id, message: null });
        return result[0]?.case_id === target.id && result[0].reasons.includes('case_id');
      }),
    );
  });

  it('an auto-allocated case is the only candidate with an identifying reason', () => {
    fc.assert(
      fc.property(scenarioArb, ({ cases, payment }) => {
        const result = matchPaymentCandidates(buildCaseMatchIndex(cases), payment);
        const identifying = result.filter((c) => c.reasons.some((r) => r === 'case_id' || r === 'ocr' || r === 'message_reference'));
        const selected = selectAutoAllocationCandidate(result);
        return identifying.length === 1 ? selected === identifying[0] && result[0] === selected : selected === null;
      }),
    );
  });
});
