import { DomainError } from '../errors';
import { addOre, oreToDecimal, subOre, sumOre, ZERO_ORE, type Ore } from '../money';
import { compareIsoDates, parseIsoDate, type IsoDate } from '../dates';
import type { LedgerAccount } from './chart-of-accounts';
import type { LedgerAccountType } from './ledger-codes';
import type { LedgerJournalLine } from './journal';

/*
 * SIE 4 (typ 4, "verifikationer"): the Swedish standard file for moving bookkeeping between
 * programs (SIE-gruppen, format 4B). A file is lines of `#LABEL field field …`; text fields are
 * quoted; amounts are kronor with a decimal point, debit positive and credit negative; dates
 * YYYYMMDD; the character set is CP437 (`#FORMAT PC8`, see cp437.ts). Order: identification,
 * chart of accounts, balances, then one `#VER { #TRANS … }` block per voucher.
 */

/** What the file says about the company and the export. */
export interface SieHeader {
  program: { name: string; version: string };
  /** The day the file is written (#GEN). */
  generated_on: IsoDate;
  company_name: string;
  /** Organisationsnummer `NNNNNN-NNNN`, when known (#ORGNR). */
  org_no: string | null;
  /** The financial year the file covers (#RAR 0). */
  fiscal_year: { start: IsoDate; end: IsoDate };
}

/** One line of a voucher: signed öre, debit positive and credit negative (SIE's convention). */
export interface SieTransaction {
  account_code: string;
  amountOre: Ore;
}

/** A voucher (verifikation): one journal of the ledger. */
export interface SieVoucher {
  /** Voucher series, e.g. `A`. */
  series: string;
  /** Number within the series, from 1. */
  number: number;
  /** Accounting date (verifikationsdatum), inside the financial year. */
  date: IsoDate;
  text: string;
  /** The day it was registered (regdatum). */
  registered_on: IsoDate;
  transactions: readonly SieTransaction[];
}

export interface SieExport extends SieHeader {
  /** The chart of accounts: every account a voucher or a balance names must be here. */
  accounts: readonly Pick<LedgerAccount, 'code' | 'name' | 'type'>[];
  /** Balance-sheet accounts' balances at the start of the year (debit − credit, öre); missing = 0. */
  opening_balances: Readonly<Record<string, Ore>>;
  vouchers: readonly SieVoucher[];
}

/** #KTYP: T tillgång, S skuld (and eget kapital), I intäkt, K kostnad. */
const SIE_ACCOUNT_TYPES: Readonly<Record<LedgerAccountType, 'T' | 'S' | 'I' | 'K'>> = {
  asset: 'T',
  liability: 'S',
  equity: 'S',
  income: 'I',
  expense: 'K',
};

/** SIE's line ending: files are read by PC programs. */
export const SIE_LINE_END = '\r\n';

/**
 * Balance-sheet accounts (assets, liabilities, equity) carry #IB/#UB; result accounts (income,
 * expense) #RES. Note that the rule is by type, not by the BAS class digit, so a chart with a
 * custom account still lands on the right side.
 */
export function isSieBalanceAccount(type: LedgerAccountType): boolean {
  return type === 'asset' || type === 'liability' || type === 'equity';
}

/**
 * A journal's lines as SIE transactions: debit − credit per line, in the journal's order.
 * @example sieTransactionsOf([{ account_code: '1512', debitOre: 18000, creditOre: 0 }]) // [{ account_code: '1512', amountOre: 18000 }]
 */
export function sieTransactionsOf(lines: readonly Pick<LedgerJournalLine, 'account_code' | 'debitOre' | 'creditOre'>[]): SieTransaction[] {
  return lines.map((line) => ({ account_code: line.account_code, amountOre: subOre(line.debitOre, line.creditOre) }));
}

/** A quoted SIE text field: `"` and `\` escaped with a backslash, control characters as spaces. */
export function sieText(value: string): string {
  // eslint-disable-next-line no-control-regex -- control characters would break the line structure
  const clean = value.replace(/[\u0000-\u001f\u007f]+/g, ' ');
  return `"${clean.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function sieDate(date: IsoDate): string {
  parseIsoDate(date);
  return date.replace(/-/g, '');
}

function sieAmount(amountOre: Ore): string {
  return oreToDecimal(amountOre);
}

// A series is written unquoted, so it may hold only letters and digits.
const SERIES = /^[A-Za-z0-9]{1,10}$/;

function assertVoucher(voucher: SieVoucher, known: ReadonlySet<string>, year: SieHeader['fiscal_year']): void {
  if (!SERIES.test(voucher.series) || !Number.isSafeInteger(voucher.number) || voucher.number < 1) {
    throw new DomainError('VALIDATION_FAILED', 'Ogiltig verifikationsserie eller verifikationsnummer', { series: voucher.series, number: voucher.number });
  }
  if (voucher.transactions.length === 0) throw new DomainError('UNBALANCED_JOURNAL', undefined, { reason: 'no_lines', voucher: voucher.number });
  const sum = sumOre(voucher.transactions.map((transaction) => transaction.amountOre));
  if (sum !== 0) throw new DomainError('UNBALANCED_JOURNAL', undefined, { reason: 'sums_differ', voucher: voucher.number, differenceOre: sum });
  for (const transaction of voucher.transactions) {
    if (!known.has(transaction.account_code)) {
      throw new DomainError('UNKNOWN_ACCOUNT', `Okänt konto: ${transaction.account_code}`, { code: transaction.account_code });
    }
  }
  if (compareIsoDates(voucher.date, year.start) < 0 || compareIsoDates(voucher.date, year.end) > 0) {
    throw new DomainError('INVALID_DATE', 'Verifikationens datum ligger utanför räkenskapsåret', { voucher: voucher.number, date: voucher.date });
  }
}

/** Each account's movement over the vouchers (debit − credit, öre). */
function movements(vouchers: readonly SieVoucher[]): Map<string, Ore> {
  const totals = new Map<string, Ore>();
  for (const voucher of vouchers) {
    for (const { account_code, amountOre } of voucher.transactions) totals.set(account_code, addOre(totals.get(account_code) ?? ZERO_ORE, amountOre));
  }
  return totals;
}

/**
 * The lines of an SIE 4 file (without line endings): identification, #KONTO/#KTYP for every
 * account by code, #IB/#UB for balance-sheet accounts (UB = IB + the year's vouchers), #RES for
 * result accounts, then every voucher. Throws UNBALANCED_JOURNAL for a voucher whose
 * transactions do not sum to zero, UNKNOWN_ACCOUNT for an account missing from the chart and
 * INVALID_DATE for a voucher outside the financial year — a file an accountant imports must
 * never be wrong.
 * @example sieLines({ ...header, accounts: SEED_LEDGER_ACCOUNTS, opening_balances: {}, vouchers: [] })[0] // '#FLAGGA 0'
 */
export function sieLines(file: SieExport): string[] {
  const known = new Set(file.accounts.map((account) => account.code));
  for (const voucher of file.vouchers) assertVoucher(voucher, known, file.fiscal_year);
  for (const code of Object.keys(file.opening_balances)) {
    if (!known.has(code)) throw new DomainError('UNKNOWN_ACCOUNT', `Okänt konto: ${code}`, { code });
  }
  const accounts = [...file.accounts].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const moved = movements(file.vouchers);

  const lines = [
    '#FLAGGA 0',
    `#PROGRAM ${sieText(file.program.name)} ${sieText(file.program.version)}`,
    '#FORMAT PC8',
    `#GEN ${sieDate(file.generated_on)}`,
    '#SIETYP 4',
    `#FNAMN ${sieText(file.company_name)}`,
    ...(file.org_no ? [`#ORGNR ${file.org_no}`] : []),
    `#RAR 0 ${sieDate(file.fiscal_year.start)} ${sieDate(file.fiscal_year.end)}`,
  ];
  for (const account of accounts) {
    lines.push(`#KONTO ${account.code} ${sieText(account.name)}`, `#KTYP ${account.code} ${SIE_ACCOUNT_TYPES[account.type]}`);
  }
  for (const account of accounts.filter((candidate) => isSieBalanceAccount(candidate.type))) {
    const openingOre = file.opening_balances[account.code] ?? ZERO_ORE;
    lines.push(`#IB 0 ${account.code} ${sieAmount(openingOre)}`);
    lines.push(`#UB 0 ${account.code} ${sieAmount(addOre(openingOre, moved.get(account.code) ?? ZERO_ORE))}`);
  }
  for (const account of accounts.filter((candidate) => !isSieBalanceAccount(candidate.type))) {
    lines.push(`#RES 0 ${account.code} ${sieAmount(moved.get(account.code) ?? ZERO_ORE)}`);
  }
  for (const voucher of file.vouchers) {
    lines.push(`#VER ${voucher.series} ${voucher.number} ${sieDate(voucher.date)} ${sieText(voucher.text)} ${sieDate(voucher.registered_on)}`, '{');
    for (const { account_code, amountOre } of voucher.transactions) lines.push(`   #TRANS ${account_code} {} ${sieAmount(amountOre)}`);
    lines.push('}');
  }
  return lines;
}

/**
 * An SIE 4 file as text with CRLF line endings; encode it with `encodeCp437` before writing
 * (the file declares `#FORMAT PC8`).
 * @example encodeCp437(writeSie4(file))
 */
export function writeSie4(file: SieExport): string {
  return sieLines(file).join(SIE_LINE_END) + SIE_LINE_END;
}
