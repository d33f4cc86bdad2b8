import { describe, expect, it } from 'vitest';
import { ore } from '../money';
import { SEED_LEDGER_ACCOUNTS } from './chart-of-accounts';
import type { SieVoucher } from './sie';
import { sieYearBooks } from './sie-year';

// 2024: a fee of 60 kr earned; 2025: a fee of 180 kr and interest of 50 kr; 2026: a fee of 180 kr.
const before2026 = { '1512': ore(29000), '3010': ore(-24000), '8310': ore(-5000) };
const in2025 = { '1512': ore(23000), '3010': ore(-18000), '8310': ore(-5000) };
const fee2026: SieVoucher = {
  series: 'A',
  number: 1,
  date: '2026-03-02',
  text: 'Avgift F-1001',
  registered_on: '2026-03-02',
  transactions: [
    { account_code: '1512', amountOre: ore(18000) },
    { account_code: '3010', amountOre: ore(-18000) },
  ],
};

describe('sieYearBooks', () => {
  it('opens with last year’s result on 2099 and older results on 2091, so the opening balances sum to zero', () => {
    const books = sieYearBooks({
      year: 2026,
      accounts: SEED_LEDGER_ACCOUNTS,
      balancesBefore: before2026,
      previousYearMovements: in2025,
      vouchers: [fee2026],
      isYearEnded: false,
    });
    expect(books.opening_balances).toEqual({ '1512': 29000, '2099': -23000, '2091': -6000 });
    expect(books.vouchers).toEqual([
      {
        series: 'B',
        number: 1,
        date: '2026-01-01',
        text: 'Föregående års resultat balanseras i ny räkning',
        registered_on: '2026-01-01',
        transactions: [
          { account_code: '2099', amountOre: 23000 },
          { account_code: '2091', amountOre: -23000 },
        ],
      },
      fee2026,
    ]);
  });

  it('closes an ended year’s result to 2099 on its last day', () => {
    const books = sieYearBooks({
      year: 2026,
      accounts: SEED_LEDGER_ACCOUNTS,
      balancesBefore: before2026,
      previousYearMovements: in2025,
      vouchers: [fee2026],
      isYearEnded: true,
    });
    expect(books.vouchers.at(-1)).toEqual({
      series: 'B',
      number: 2,
      date: '2026-12-31',
      text: 'Årets resultat',
      registered_on: '2026-12-31',
      transactions: [
        { account_code: '8999', amountOre: 18000 },
        { account_code: '2099', amountOre: -18000 },
      ],
    });
  });

  it('adds nothing to a first year without results', () => {
    expect(
      sieYearBooks({ year: 2026, accounts: SEED_LEDGER_ACCOUNTS, balancesBefore: {}, previousYearMovements: {}, vouchers: [], isYearEnded: true }),
    ).toEqual({ opening_balances: {}, vouchers: [] });
  });
});
