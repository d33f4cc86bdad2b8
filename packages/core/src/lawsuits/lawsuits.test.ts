import { describe, expect, it } from 'vitest';
import { kronor } from '../money';
import { courtFeeFor, prisbasbeloppFor, PRISBASBELOPP_KR, suggestLawsuitTrack } from './lawsuit-track';
import { deadlinesToRemind } from './lawsuit-deadlines';

describe('suggestLawsuitTrack', () => {
  it('suggests FT up to 29 600 kr in 2026 and says why', () => {
    const suggestion = suggestLawsuitTrack(kronor(12_000), 2026);
    expect(suggestion).toMatchObject({ track: 'FT', year: 2026, limitOre: kronor(29_600), prisbasbeloppOre: kronor(59_200) });
    expect(suggestion.reason).toBe(
      'Fordrans värde 12\u00a0000,00\u00a0kr är högst ett halvt prisbasbelopp för 2026 (29\u00a0600,00\u00a0kr): förenklat tvistemål (FT)',
    );
    expect(suggestLawsuitTrack(kronor(29_601), 2026).reason).toContain('överstiger ett halvt prisbasbelopp för 2026');
    expect(suggestLawsuitTrack(kronor(29_601), 2026).track).toBe('ORD');
  });

  it('uses the year’s own amount (2024: 57 300 kr) and refuses a year before the table', () => {
    expect(suggestLawsuitTrack(kronor(28_700), 2024).track).toBe('ORD');
    expect(prisbasbeloppFor(PRISBASBELOPP_KR, 2030).year).toBe(2026);
    expect(() => prisbasbeloppFor(PRISBASBELOPP_KR, 2000)).toThrow('Prisbasbelopp saknas för 2000');
  });
});

describe('courtFeeFor', () => {
  it('900 kr FT, 2 800 kr ORD, or the organisation’s amount', () => {
    expect(courtFeeFor('FT')).toBe(kronor(900));
    expect(courtFeeFor('ORD')).toBe(kronor(2_800));
    expect(courtFeeFor('FT', { FT: kronor(950) })).toBe(kronor(950));
  });
});

describe('deadlinesToRemind', () => {
  const deadlines = [
    { code: 'a', due_date: '2026-12-02' },
    { code: 'b', due_date: '2026-12-03' },
    { code: 'c', due_date: '2026-11-20' },
    { code: 'd', due_date: '2026-11-30', done_at: '2026-11-24T10:00:00.000Z' },
    { code: 'e', due_date: '2026-11-30', reminded_at: '2026-11-23T05:00:00.000Z' },
  ];

  it('open, unreminded deadlines due within the days before (or past)', () => {
    expect(deadlinesToRemind(deadlines, '2026-11-25', 7).map((d) => d.code)).toEqual(['a', 'c']);
    expect(deadlinesToRemind(deadlines, '2026-11-25', 0).map((d) => d.code)).toEqual(['c']);
  });
});
