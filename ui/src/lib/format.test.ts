import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatDate,
  formatDateLong,
  formatDateTime,
  formatIban,
  formatNationalId,
  formatPercent,
  formatRate,
  initialsOf,
  percentOf,
  todayInSweden,
} from './format';
import { readMoneyField } from './money';

const NBSP = '\u00a0';

describe('formatAmount', () => {
  it.each([
    ['7950.00', `7${NBSP}950,00${NBSP}kr`],
    ['0.00', `0,00${NBSP}kr`],
    ['1284537.5', `1${NBSP}284${NBSP}537,50${NBSP}kr`],
    ['-12.50', `\u221212,50${NBSP}kr`],
    ['-0.00', `0,00${NBSP}kr`],
    ['999', `999,00${NBSP}kr`],
    ['1000', `1${NBSP}000,00${NBSP}kr`],
    ['not a number', 'not a number'],
  ])('%s → %s', (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });

  it('can use SEK or no currency', () => {
    expect(formatAmount('300.00', { currency: 'SEK' })).toBe(`300,00${NBSP}SEK`);
    expect(formatAmount('300.00', { currency: false })).toBe('300,00');
  });

  it('shows text that is no amount in öre as it is, never rounded', () => {
    expect(formatAmount('90071992547409931.99')).toBe('90071992547409931.99');
    expect(formatAmount('12.345')).toBe('12.345');
  });

  it('is the form a money field reads back, to the öre', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (ore) => {
        const decimal = `${ore / 100n}.${String(ore % 100n).padStart(2, '0')}`;
        expect(readMoneyField(formatAmount(decimal, { currency: false }))).toEqual({ ok: true, ore: Number(ore), decimal });
        expect(readMoneyField(formatAmount(decimal))).toEqual({ ok: true, ore: Number(ore), decimal });
      }),
    );
  });

  it('removing the grouping gives back the decimal string', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (ore) => {
        const sign = ore < 0n ? '-' : '';
        const abs = ore < 0n ? -ore : ore;
        const decimal = `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
        const shown = formatAmount(decimal, { currency: false }).replaceAll(NBSP, '').replace('\u2212', '-').replace(',', '.');
        expect(shown).toBe(ore === 0n ? '0.00' : decimal);
      }),
    );
  });
});

describe('dates', () => {
  it('leaves ISO dates as sv-SE writes them', () => {
    expect(formatDate('2025-01-31')).toBe('2025-01-31');
  });
  it('writes dates in words without a time zone shift', () => {
    expect(formatDateLong('2025-01-01')).toBe('1 januari 2025');
  });
  it('shows instants in Swedish time', () => {
    expect(formatDateTime('2025-01-31T13:05:00Z')).toBe('2025-01-31 14:05');
    expect(formatDateTime('2025-07-31T13:05:00Z')).toBe('2025-07-31 15:05');
  });
});

describe('percent and initials', () => {
  it('rounds percentages to whole numbers', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
    expect(formatPercent(67)).toBe(`67${NBSP}%`);
  });
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Anna Svensson')).toBe('AS');
    expect(initialsOf('Karin Lindqvist')).toBe('KL');
    expect(initialsOf('  åsa   öberg lind ')).toBe('ÅÖ');
  });
  it('takes the first two letters of a one-word name', () => {
    expect(initialsOf('Användare')).toBe('AN');
    expect(initialsOf(' örjan ')).toBe('ÖR');
    expect(initialsOf('Å')).toBe('Å');
    expect(initialsOf('   ')).toBe('');
  });
});

describe('formatNationalId', () => {
  it.each([
    ['198112189876', '19811218-9876'],
    ['197001611234', '19700161-1234'],
    ['19811218-9876', '19811218-9876'],
    ['8112189876', '8112189876'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(formatNationalId(input)).toBe(expected);
  });
});

describe('todayInSweden', () => {
  it('is the calendar date in Stockholm, not in UTC', () => {
    expect(todayInSweden(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(todayInSweden(new Date('2026-01-31T22:59:00Z'))).toBe('2026-01-31');
  });
});

describe('formatRate', () => {
  it.each([
    ['2.25', `2,25${NBSP}%`],
    ['-0.50', `\u22120,50${NBSP}%`],
    ['8.5', `8,50${NBSP}%`],
    ['10', `10,00${NBSP}%`],
    ['8.125', `8,125${NBSP}%`],
    ['-0.00', `0,00${NBSP}%`],
    ['hög', 'hög'],
  ])('%s → %s', (input, expected) => {
    expect(formatRate(input)).toBe(expected);
  });
});

describe('todayInSweden', () => {
  it('is the calendar date in Stockholm, not in UTC', () => {
    expect(todayInSweden(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(todayInSweden(new Date('2026-01-31T22:59:00Z'))).toBe('2026-01-31');
  });
});

describe('formatIban', () => {
  it.each([
    ['SE4550000000058398257466', 'SE45 5000 0000 0583 9825 7466'],
    ['NO9386011117947', 'NO93 8601 1117 947'],
    ['SE45 5000 0000 0583 9825 7466', 'SE45 5000 0000 0583 9825 7466'],
  ])('%s → %s', (input, expected) => {
    expect(formatIban(input)).toBe(expected);
  });
});
