import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ore } from '../money/ore';
import { caseIntegrityMismatches, disputeDecisionCutoff, missingReferenceRateHalfYears, type CaseIntegrityFigures } from './integrity-findings';

/** A case of 1 000 kr capital, 50 kr interest and 60 kr fees, 300 kr paid (200 capital, 50 interest, 50 fees). */
const KEPT: CaseIntegrityFigures = {
  label: 'F-1',
  total_principal: ore(100000),
  total_interest: ore(5000),
  total_fees: ore(6000),
  amount_paid_total: ore(30000),
  total_outstanding: ore(81000),
  claim_principal: ore(100000),
  fees_charged: ore(6000),
  allocated: ore(30000),
  allocated_principal: ore(20000),
  allocated_interest: ore(5000),
  allocated_fees: ore(5000),
  ledger: { '1510': ore(80000), '1511': ore(0), '1512': ore(1000), '2890': ore(-100000), '3010': ore(-6000), '8310': ore(-5000) },
};

describe('case integrity', () => {
  it('a case whose totals agree with its rows has no findings', () => {
    expect(caseIntegrityMismatches(KEPT)).toEqual([]);
  });

  it('an outstanding total off by 1 öre is found, in Swedish with both amounts', () => {
    expect(caseIntegrityMismatches({ ...KEPT, total_outstanding: ore(80999) })).toEqual([
      'utestående 809,99\u00a0kr men kapital + ränta + avgifter − inbetalt = 810,00\u00a0kr',
    ]);
  });

  it.each([
    ['total_principal', { claim_principal: ore(99999) }, 'kapital'],
    ['total_fees', { fees_charged: ore(6001) }, 'avgifter'],
    ['amount_paid_total', { allocated: ore(29999) }, 'inbetalt'],
    ['ledger 1512', { ledger: { ...KEPT.ledger, '1512': ore(999) } }, 'konto 1512'],
  ] as const)('%s disagreeing is found', (_name, change, start) => {
    const found = caseIntegrityMismatches({ ...KEPT, ...change });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${start}`));
  });

  it('interest settled beyond what is charged counts against capital, as allocation does', () => {
    const backDated: CaseIntegrityFigures = {
      ...KEPT,
      total_interest: ore(4000),
      total_outstanding: ore(80000),
      ledger: { ...KEPT.ledger, '1510': ore(79000), '1511': ore(0), '8310': ore(-4000) },
    };
    expect(caseIntegrityMismatches(backDated)).toEqual([]);
  });

  it('any change to one stored total is found', () => {
    const keys = ['total_principal', 'total_interest', 'total_fees', 'amount_paid_total', 'total_outstanding'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.integer({ min: -100000, max: 100000 }).filter((delta) => delta !== 0),
        (key, delta) => {
          expect(caseIntegrityMismatches({ ...KEPT, [key]: ore(KEPT[key] + delta) }).length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe('reference rates for interest', () => {
  it('names each half-year a span runs over that has no rate', () => {
    const spans = [
      { due_date: '2025-03-31', calculated_to: '2026-02-01' },
      { due_date: '2024-12-31', calculated_to: '2025-01-10' },
    ];
    expect(missingReferenceRateHalfYears(spans, ['2025-01-01', '2025-07-01'])).toEqual(['2026-01-01']);
    expect(missingReferenceRateHalfYears(spans, [])).toEqual(['2025-01-01', '2025-07-01', '2026-01-01']);
  });

  it('interest runs from the day after the due date: a span ending on it uses no half-year', () => {
    expect(missingReferenceRateHalfYears([{ due_date: '2026-06-30', calculated_to: '2026-06-30' }], [])).toEqual([]);
    expect(missingReferenceRateHalfYears([{ due_date: '2026-06-30', calculated_to: '2026-07-01' }], [])).toEqual(['2026-07-01']);
  });
});

describe('dispute decision time', () => {
  it.each([
    ['2026-11-25', '2026-11-11'],
    ['2026-11-23', '2026-11-09'],
    ['2026-11-29', '2026-11-16'],
  ])('ten working days before %s begin on %s', (today, cutoff) => {
    expect(disputeDecisionCutoff(today)).toBe(cutoff);
  });
});
