import type { IsoDate } from '../dates';
import { ore, oreToDecimal, type Ore } from '../money';
import { checkBgMaxPayment, toBgMaxPaymentRecord, type BgMaxPendingPayment } from './bgmax-payment';
import type { BgMaxOpenSection, BgMaxReadState } from './bgmax-reader-state';
import { isBankBookingCurrency, reportForeignAmount } from './currency';
import { bankFindingMessage, bankSumToOre } from './findings';
import type { BgMaxSectionSummary } from './types';

const detail = bankFindingMessage;

/** Starts a section (at its TK05, or at a record that needs one) and adds it to the summary. */
export function openBgMaxSection(
  state: BgMaxReadState,
  line: number,
  recipientBankgiro: string | null,
  recipientPlusgiro: string | null,
  currency: string,
): BgMaxOpenSection {
  const summary: BgMaxSectionSummary = {
    line,
    closing_line: null,
    recipient_bankgiro: recipientBankgiro,
    recipient_plusgiro: recipientPlusgiro,
    currency,
    account: null,
    paid_at: null,
    deposit_serial: null,
    deposit_amountOre: null,
    deposit_count: null,
    deposit_type: null,
    payment_records: 0,
    deduction_records: 0,
    paymentsOre: ore(0),
    deductionsOre: ore(0),
  };
  state.sections.push(summary);
  return { summary, payments: [], current: null, paymentsOre: 0n, deductionsOre: 0n, damaged: false };
}

/** The payment being read has all its records: check it and keep it for the section's TK15. */
export function completeBgMaxPayment(state: BgMaxReadState, open: BgMaxOpenSection): void {
  if (open.current) {
    checkBgMaxPayment(open.current, state.findings);
    open.payments.push(open.current);
    open.current = null;
  }
}

/** The date a closing section's payments get: its TK15 date, else the file's Skrivdag (with an error), else none. */
function sectionPaymentDate(state: BgMaxReadState, summary: BgMaxSectionSummary, paidAt: IsoDate | null, readableCount: number): IsoDate | null {
  if (paidAt !== null || readableCount === 0) return paidAt;
  const date = state.writtenAt ? state.writtenAt.slice(0, 10) : null;
  state.findings.add(
    'error',
    'BANK_FILE_STRUCTURE',
    date
      ? detail('BANK_FILE_STRUCTURE', `betalningsdag saknas för avsnittet på rad ${summary.line}, filens skrivdag ${date} används`)
      : detail('BANK_FILE_STRUCTURE', `betalningsdag saknas för avsnittet på rad ${summary.line}, ${readableCount} betalningar lästes inte in`),
    summary.closing_line ?? summary.line,
  );
  return date;
}

/** Emits the section's payments with `paidAt` (or drops them when no date can be found). */
export function closeBgMaxSection(state: BgMaxReadState, open: BgMaxOpenSection, paidAt: IsoDate | null, account: string | null, currency: string): void {
  const { findings } = state;
  completeBgMaxPayment(state, open);
  const summary = open.summary;
  summary.paymentsOre = bankSumToOre(open.paymentsOre, findings, summary.line);
  summary.deductionsOre = bankSumToOre(open.deductionsOre, findings, summary.line);
  const readable = open.payments.filter((p): p is BgMaxPendingPayment & { amountOre: Ore } => p.amountOre !== null);
  const date = sectionPaymentDate(state, summary, paidAt, readable.length);
  if (date === null) return;
  const context = { recipientBankgiro: summary.recipient_bankgiro, account, currency, paidAt: date };
  for (const payment of readable) {
    const record = toBgMaxPaymentRecord(payment, context, findings);
    record.transaction_id = state.ids.claim(record.transaction_id, record.line);
    if (!isBankBookingCurrency(currency)) {
      // A section in another currency (BgMax allows EUR): reported, in no kronor total.
      reportForeignAmount(findings, oreToDecimal(record.amountOre), currency, record.line);
      state.foreign += 1;
      state.ready.push({ kind: 'foreign', record });
      continue;
    }
    state.netOre.add(record.amountOre);
    if (record.is_deduction) state.debitsOre.add(payment.amountOre);
    else state.creditsOre.add(payment.amountOre);
    state.payments += 1;
    state.ready.push({ kind: 'payment', record });
  }
}

/** Closes a section that never got its TK15 (an error: its payments get no date from it). */
export function closeUnfinishedBgMaxSection(state: BgMaxReadState, line: number, why: string): void {
  const open = state.section;
  if (!open) return;
  state.findings.add(
    'error',
    'BANK_FILE_STRUCTURE',
    detail('BANK_FILE_STRUCTURE', `avsnittet på rad ${open.summary.line} avslutas inte med en insättningspost (TK15) ${why}`),
    line,
  );
  closeBgMaxSection(state, open, null, null, open.summary.currency);
  state.section = null;
}

/** The open section, or a new SEK one (with an error) when `what` came without a TK05. */
export function ensureBgMaxSection(state: BgMaxReadState, line: number, what: string): BgMaxOpenSection {
  if (state.section) return state.section;
  state.findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', `${what} utan öppningspost (TK05)`), line);
  state.section = openBgMaxSection(state, line, null, null, 'SEK');
  return state.section;
}
