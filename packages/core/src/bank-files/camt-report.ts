import type { IsoDate } from '../dates';
import { ore } from '../money';
import { bankIsoDatePart, parseBankDecimalOre } from './amounts';
import { isBankBookingCurrency } from './currency';
import { bankFindingMessage, bankSumToOre, createBankOreSum, type BankFindingCollector, type BankOreSum } from './findings';
import type { Camt053Balance, Camt053StatementSummary, CamtAccount, CamtReportSummary } from './types';

/*
 * One camt report while it is read: a camt.053 statement (`Stmt`, with balances) or a camt.054
 * notification (`Ntfctn`, without). Entries are added as they close; the totals and the balance
 * check are made when the report closes.
 */

export interface CamtReportState {
  summary: CamtReportSummary;
  balances: Camt053Balance[];
  creditsOre: BankOreSum;
  debitsOre: BankOreSum;
}

export interface CamtBalanceState {
  line: number;
  type: string | null;
  amountText: string | null;
  currency: string | null;
  creditDebit: string | null;
  date: string | null;
}

export function newCamtReport(line: number): CamtReportState {
  return {
    summary: {
      line,
      id: null,
      created_at: null,
      from: null,
      to: null,
      account_iban: null,
      account_other_id: null,
      account_scheme: null,
      currency: null,
      entries: { total: 0, booked: 0, pending: 0, info: 0, other_status: 0, reversals: 0, booked_credits: 0, booked_debits: 0 },
      total_creditsOre: ore(0),
      total_debitsOre: ore(0),
      payments: 0,
    },
    balances: [],
    creditsOre: createBankOreSum(),
    debitsOre: createBankOreSum(),
  };
}

export function camtReportAccount(report: CamtReportState): CamtAccount {
  return { iban: report.summary.account_iban, other_id: report.summary.account_other_id, scheme: report.summary.account_scheme };
}

/** The date an entry without booking or value date falls back on: the period end, else the creation date. */
export function camtReportFallbackDate(report: CamtReportState, documentCreatedAt: string | null): IsoDate | null {
  const s = report.summary;
  return bankIsoDatePart(s.to) ?? bankIsoDatePart(s.created_at) ?? bankIsoDatePart(documentCreatedAt);
}

/** A leaf of the report outside its entries and balances, by its path below `Stmt`/`Ntfctn`. */
export function readCamtReportLeaf(report: CamtReportState, path: string, value: string): void {
  if (value === '') return;
  const s = report.summary;
  if (path === 'Id') s.id = value;
  else if (path === 'CreDtTm') s.created_at = value;
  else if (path === 'FrToDt/FrDtTm') s.from = value;
  else if (path === 'FrToDt/ToDtTm') s.to = value;
  else if (path === 'Acct/Id/IBAN') s.account_iban = value;
  else if (path === 'Acct/Id/Othr/Id') s.account_other_id = value;
  else if (path === 'Acct/Id/Othr/SchmeNm/Cd' || path === 'Acct/Id/Othr/SchmeNm/Prtry') s.account_scheme = value.toUpperCase();
  else if (path === 'Acct/Ccy') s.currency = value.toUpperCase();
}

export function newCamtBalance(line: number): CamtBalanceState {
  return { line, type: null, amountText: null, currency: null, creditDebit: null, date: null };
}

export function readCamtBalanceLeaf(state: CamtBalanceState, path: string, value: string, currency: string | null): void {
  if (value === '') return;
  if (path === 'Tp/CdOrPrtry/Cd' || path === 'Tp/CdOrPrtry/Prtry') state.type ??= value.toUpperCase();
  else if (path === 'Amt') {
    state.amountText = value;
    state.currency = currency;
  } else if (path === 'CdtDbtInd') state.creditDebit = value;
  else if (path === 'Dt/Dt' || path === 'Dt/DtTm') state.date = value;
}

/** A closed `Bal`: kept signed (DBIT negative) in its own currency; one in another currency than SEK is reported. */
export function finishCamtBalance(report: CamtReportState, state: CamtBalanceState, findings: BankFindingCollector): void {
  const amount = state.amountText ? parseBankDecimalOre(state.amountText) : null;
  if (!state.type || !amount || (state.creditDebit !== 'CRDT' && state.creditDebit !== 'DBIT')) {
    findings.add(
      'warning',
      'BANK_FILE_INVALID_FIELD',
      bankFindingMessage('BANK_FILE_INVALID_FIELD', 'saldot saknar typ, belopp eller CdtDbtInd och lästes inte in'),
      state.line,
    );
    return;
  }
  if (!isBankBookingCurrency(state.currency)) {
    findings.add(
      'warning',
      'BANK_FILE_CURRENCY',
      bankFindingMessage('BANK_FILE_CURRENCY', `saldot ${state.type} på ${state.amountText} ${state.currency} jämförs inte`),
      state.line,
    );
  }
  report.balances.push({
    type: state.type,
    amountOre: state.creditDebit === 'DBIT' ? ore(-amount.amountOre) || ore(0) : amount.amountOre,
    currency: state.currency,
    date: bankIsoDatePart(state.date),
  });
}

/** A booked entry's amount in the report's totals: SEK only, so a foreign amount never mixes with kronor. */
export function addCamtBookedEntry(report: CamtReportState, creditDebit: 'CRDT' | 'DBIT', amountOre: number, currency: string | null): boolean {
  const counts = report.summary.entries;
  if (creditDebit === 'CRDT') counts.booked_credits += 1;
  else counts.booked_debits += 1;
  if (!isBankBookingCurrency(currency)) return false;
  (creditDebit === 'CRDT' ? report.creditsOre : report.debitsOre).add(ore(amountOre));
  return true;
}

/** Closes the totals of a report (both messages). */
export function finishCamtReport(report: CamtReportState, findings: BankFindingCollector): CamtReportSummary {
  const s = report.summary;
  s.total_creditsOre = bankSumToOre(report.creditsOre.value(), findings, s.line);
  s.total_debitsOre = bankSumToOre(report.debitsOre.value(), findings, s.line);
  return s;
}

/**
 * Closes a camt.053 statement: its SEK balances and the check of reference §2.3, OPBD (signed) +
 * Σ booked CRDT − Σ booked DBIT = CLBD (signed); pending when a SEK opening or closing balance is
 * missing.
 */
export function finishCamtStatement(report: CamtReportState, findings: BankFindingCollector): Camt053StatementSummary {
  const s = finishCamtReport(report, findings);
  const find = (type: string) => report.balances.find((b) => b.type === type && isBankBookingCurrency(b.currency));
  const opening = find('OPBD') ?? find('PRCD');
  const closing = find('CLBD');
  const statement: Camt053StatementSummary = {
    ...s,
    statement_date: closing?.date ?? bankIsoDatePart(s.to) ?? bankIsoDatePart(s.created_at),
    balances: report.balances,
    opening_balanceOre: opening?.amountOre ?? null,
    closing_balanceOre: closing?.amountOre ?? null,
    reconciliation_status: 'pending',
  };
  if (opening && closing) {
    const expected = BigInt(opening.amountOre) + report.creditsOre.value() - report.debitsOre.value();
    statement.reconciliation_status = expected === BigInt(closing.amountOre) ? 'reconciled' : 'mismatch';
    if (statement.reconciliation_status === 'mismatch') {
      findings.add(
        'warning',
        'BANK_STATEMENT_BALANCE_MISMATCH',
        bankFindingMessage(
          'BANK_STATEMENT_BALANCE_MISMATCH',
          `${opening.amountOre} + ${report.creditsOre.value()} − ${report.debitsOre.value()} = ${expected} öre, utgående saldo är ${closing.amountOre} öre`,
        ),
        s.line,
      );
    }
  }
  return statement;
}
