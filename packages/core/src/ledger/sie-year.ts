import { addOre, negOre, subOre, sumOre, ZERO_ORE, type Ore } from '../money';
import { LEDGER_ACCOUNT_CODES, type LedgerAccount } from './chart-of-accounts';
import { isSieBalanceAccount, type SieVoucher } from './sie';

/*
 * Fordran books no year-end closing, but an SIE file of a year must read as books whose earlier
 * years were closed: the opening balances (#IB) sum to zero only when the earlier results sit in
 * equity, and a closed year's closing balances (#UB) are the next year's opening balances. So the
 * export carries the results as an accounting program's year-end does (BAS): at the end of a year
 * its result goes through 8999 to 2099 Årets resultat, and the next year it is carried on to 2091
 * Balanserad vinst eller förlust. Those two vouchers are written in their own series, B, so the
 * A series stays the ledger's journals one for one.
 */

/** The series of the vouchers the export adds for the year-end (bokslut). */
export const SIE_YEAR_END_SERIES = 'B';

export interface SieYearInput {
  /** The calendar year exported. */
  year: number;
  accounts: readonly Pick<LedgerAccount, 'code' | 'type'>[];
  /** Each account's balance (debit − credit, öre) over every journal booked before the year. */
  balancesBefore: Readonly<Record<string, Ore>>;
  /** Each account's movement (debit − credit, öre) over the journals of the year before. */
  previousYearMovements: Readonly<Record<string, Ore>>;
  /** The year's journals as vouchers (series A). */
  vouchers: readonly SieVoucher[];
  /** The year has ended (its last day is before today): only then is its result closed to 2099. */
  isYearEnded: boolean;
}

export interface SieYearBooks {
  /** #IB of every balance-sheet account, earlier results in 2099 (last year's) and 2091 (older). */
  opening_balances: Record<string, Ore>;
  /** The year-end vouchers of series B around the ledger's vouchers, in date order. */
  vouchers: SieVoucher[];
}

function yearEndVoucher(number: number, date: string, text: string, lines: [code: string, amountOre: Ore][]): SieVoucher {
  return {
    series: SIE_YEAR_END_SERIES,
    number,
    date,
    text,
    registered_on: date,
    transactions: lines.map(([account_code, amountOre]) => ({ account_code, amountOre })),
  };
}

/**
 * The opening balances and vouchers of one year's SIE file, with the results carried to equity:
 * #IB holds the balance-sheet accounts before the year, the previous year's result on 2099 and
 * every older result on 2091, so it sums to zero; series B carries last year's result from 2099 to
 * 2091 on the first day and, once the year has ended, closes the year's result to 2099 on its last
 * day, so the year's #UB are the next year's #IB.
 * @example sieYearBooks({ year: 2026, accounts: SEED_LEDGER_ACCOUNTS, balancesBefore: { '1900': ore(18000), '3010': ore(-18000) },
 *   previousYearMovements: { '1900': ore(18000), '3010': ore(-18000) }, vouchers: [], isYearEnded: false }).opening_balances
 * // { '1900': 18000, '2099': -18000 }, and a B voucher moving 180,00 from 2099 to 2091 on 2026-01-01
 */
export function sieYearBooks(input: SieYearInput): SieYearBooks {
  const typeOf = new Map(input.accounts.map((account) => [account.code, account.type]));
  const isBalanceAccount = (code: string) => {
    const type = typeOf.get(code);
    return type !== undefined && isSieBalanceAccount(type);
  };
  // Σ debit − credit over the result (income and expense) accounts: a profit is negative.
  const resultOf = (amounts: readonly (readonly [code: string, amountOre: Ore])[]) =>
    sumOre(amounts.filter(([code]) => !isBalanceAccount(code)).map(([, amountOre]) => amountOre));
  const { retainedEarnings, yearResult, yearResultTransfer } = LEDGER_ACCOUNT_CODES;
  const lastYearOre = resultOf(Object.entries(input.previousYearMovements));
  const olderOre = subOre(resultOf(Object.entries(input.balancesBefore)), lastYearOre);

  const opening_balances: Record<string, Ore> = {};
  const add = (code: string, amountOre: Ore) => {
    if (amountOre !== 0 || code in opening_balances) opening_balances[code] = addOre(opening_balances[code] ?? ZERO_ORE, amountOre);
  };
  for (const [code, amountOre] of Object.entries(input.balancesBefore)) if (isBalanceAccount(code)) add(code, amountOre);
  add(yearResult, lastYearOre);
  add(retainedEarnings, olderOre);

  const vouchers: SieVoucher[] = [];
  if (lastYearOre !== 0) {
    vouchers.push(
      yearEndVoucher(1, `${input.year}-01-01`, 'Föregående års resultat balanseras i ny räkning', [
        [yearResult, negOre(lastYearOre)],
        [retainedEarnings, lastYearOre],
      ]),
    );
  }
  vouchers.push(...input.vouchers);
  const yearOre = resultOf(input.vouchers.flatMap((voucher) => voucher.transactions.map((line) => [line.account_code, line.amountOre] as const)));
  if (input.isYearEnded && yearOre !== 0) {
    vouchers.push(
      yearEndVoucher(lastYearOre !== 0 ? 2 : 1, `${input.year}-12-31`, 'Årets resultat', [
        [yearResultTransfer, negOre(yearOre)],
        [yearResult, yearOre],
      ]),
    );
  }
  return { opening_balances, vouchers };
}
