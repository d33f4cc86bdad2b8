import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { ore } from '../money';
import { claimDescription, feeSpecification, interestSpecification, NO_FEES_TEXT, NO_INTEREST_TEXT } from '.';

const NBSP = '\u00a0';
const period = (from: string, to: string, days: number, rate_pa: string, amountOre: number) => ({
  from,
  to,
  days,
  rate_pa,
  reference_rate_bp: null,
  principalOre: ore(795_000),
  amountOre: ore(amountOre),
});

describe('interestSpecification (inkassolagen 5 §: rate, period and capital per period)', () => {
  it('writes one line per period and a single day in the singular', () => {
    expect(interestSpecification([period('2025-12-31', '2025-12-31', 1, '10.00', 218), period('2026-01-01', '2026-01-31', 31, '9.75', 6583)], ore(6801))).toBe(
      [
        `2025-12-31 – 2025-12-31 (1 dag): 10,00${NBSP}% per år på 7${NBSP}950,00${NBSP}kr = 2,18${NBSP}kr`,
        `2026-01-01 – 2026-01-31 (31 dagar): 9,75${NBSP}% per år på 7${NBSP}950,00${NBSP}kr = 65,83${NBSP}kr`,
      ].join('\n'),
    );
  });

  it('says so when no interest has been charged', () => {
    expect(interestSpecification([], ore(0))).toBe(NO_INTEREST_TEXT);
  });

  it('refuses periods that do not add up to the case’s interest', () => {
    expect(() => interestSpecification([period('2026-01-01', '2026-01-31', 31, '9.75', 6583)], ore(6584))).toThrow(DomainError);
    expect(() => interestSpecification([], ore(1))).toThrow('Ränteperioderna stämmer inte med ärendets ränta');
  });
});

describe('feeSpecification', () => {
  it('lists each fee on its own line, or says there are none', () => {
    expect(
      feeSpecification([
        { name: 'Påminnelseavgift', amountOre: ore(6000) },
        { name: 'Inkassoavgift', amountOre: ore(18000) },
      ]),
    ).toBe(`Påminnelseavgift: 60,00${NBSP}kr\nInkassoavgift: 180,00${NBSP}kr`);
    expect(feeSpecification([])).toBe(NO_FEES_TEXT);
  });
});

describe('claimDescription', () => {
  it.each([
    [{ reference_no: 'F-2024-001', contract_type: 'Faktura', due_date: '2024-12-15' }, 'Faktura F-2024-001, förfallen 2024-12-15'],
    [{ reference_no: 'H-7', contract_type: '  ', due_date: '2024-12-15' }, 'Fordran H-7, förfallen 2024-12-15'],
    [{ reference_no: null, contract_type: 'Hyresavi', due_date: null }, 'Hyresavi'],
  ])('describes %j as %s', (claim, expected) => {
    expect(claimDescription(claim)).toBe(expected);
  });
});
