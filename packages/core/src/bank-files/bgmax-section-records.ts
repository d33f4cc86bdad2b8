import { parseBankDigitsOre } from './amounts';
import { readBgMaxExtraReference, readBgMaxPayerRecord, readBgMaxPayment } from './bgmax-payment';
import { BGMAX_LAYOUT, bgMaxCount, bgMaxDate, bgMaxField, bgMaxNumberOrNull } from './bgmax-records';
import type { BgMaxOpenSection, BgMaxReadState } from './bgmax-reader-state';
import { closeBgMaxSection, closeUnfinishedBgMaxSection, completeBgMaxPayment, ensureBgMaxSection, openBgMaxSection } from './bgmax-sections';
import { bankFindingMessage, type BankFindingCollector } from './findings';

const detail = bankFindingMessage;

/** TK05, the opening record: closes a section left open and starts the next. */
export function readBgMaxOpening(state: BgMaxReadState, record: string, line: number): void {
  const { findings } = state;
  closeUnfinishedBgMaxSection(state, line, 'innan nästa öppningspost');
  const L = BGMAX_LAYOUT.opening;
  const bgField = bgMaxField(record, L.recipient_bankgiro);
  if (!/^\d{10}$/.test(bgField)) {
    findings.add('error', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `mottagarbankgironummer "${bgField}"`), line);
  }
  const currency = bgMaxField(record, L.currency).trim();
  if (currency === '') findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', 'valuta saknas, SEK antas'), line);
  state.section = openBgMaxSection(state, line, bgMaxNumberOrNull(bgField), bgMaxNumberOrNull(bgMaxField(record, L.recipient_plusgiro)), currency || 'SEK');
}

/** TK20 (payment) or TK21 (deduction): completes the previous payment and starts this one. */
export function readBgMaxPaymentRecord(state: BgMaxReadState, record: string, line: number): void {
  const open = ensureBgMaxSection(state, line, 'betalningspost');
  completeBgMaxPayment(state, open);
  const payment = readBgMaxPayment(record, line, state.findings);
  open.current = payment;
  if (payment.isDeduction) {
    state.counts.tk21 += 1;
    open.summary.deduction_records += 1;
  } else {
    state.counts.tk20 += 1;
    open.summary.payment_records += 1;
  }
  if (payment.amountOre === null) {
    open.damaged = true;
  } else if (payment.isDeduction) {
    open.deductionsOre += BigInt(payment.amountOre);
  } else {
    open.paymentsOre += BigInt(payment.amountOre);
  }
}

/** TK22–TK29: an extra reference, a message or the payer's name, address or org.nr, onto the payment being read. */
export function readBgMaxPaymentDetail(state: BgMaxReadState, record: string, line: number): void {
  const tk = record.slice(0, 2);
  const current = state.section?.current;
  const isExtraReference = tk === '22' || tk === '23';
  if (isExtraReference) state.counts.extra += 1;
  if (!current) {
    state.findings.add('warning', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', `post ${tk} utan föregående betalningspost ignorerades`), line);
    return;
  }
  if (isExtraReference) readBgMaxExtraReference(record, line, current, state.findings);
  else readBgMaxPayerRecord(record, line, current, state.findings);
}

/** TK15, the deposit record: closes the section and emits its payments with the deposit's date. */
export function readBgMaxDeposit(state: BgMaxReadState, record: string, line: number): void {
  const open = ensureBgMaxSection(state, line, 'insättningspost');
  state.counts.tk15 += 1;
  const currency = readDepositFields(open, record, line, state.findings);
  checkDepositTotals(open, line, state.findings);
  const summary = open.summary;
  closeBgMaxSection(state, open, summary.paid_at, summary.account, currency || summary.currency);
  state.section = null;
}

/** Fills the section summary from the TK15's fields; returns the currency it names ('' when blank). */
function readDepositFields(open: BgMaxOpenSection, record: string, line: number, findings: BankFindingCollector): string {
  const L = BGMAX_LAYOUT.deposit;
  const summary = open.summary;
  summary.closing_line = line;
  summary.account = bgMaxNumberOrNull(bgMaxField(record, L.account));
  const dateField = bgMaxField(record, L.paid_at);
  summary.paid_at = bgMaxDate(dateField);
  if (!summary.paid_at) findings.add('error', 'INVALID_DATE', detail('INVALID_DATE', `betalningsdag "${dateField}"`), line);
  const serialField = bgMaxField(record, L.deposit_serial);
  summary.deposit_serial = serialField.trim() === '' ? null : serialField;
  if (!/^\d{5}$/.test(serialField)) {
    findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `insättningslöpnummer "${serialField}"`), line);
  }
  const amountField = bgMaxField(record, L.amount);
  summary.deposit_amountOre = parseBankDigitsOre(amountField);
  if (summary.deposit_amountOre === null) findings.add('error', 'INVALID_AMOUNT', detail('INVALID_AMOUNT', `insättningsbelopp "${amountField}"`), line);
  summary.deposit_count = bgMaxCount(record, L.count);
  if (summary.deposit_count === null) {
    findings.add('error', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `antal betalningar "${bgMaxField(record, L.count)}"`), line);
  }
  const typeLetter = bgMaxField(record, L.deposit_type);
  summary.deposit_type = typeLetter.trim() === '' ? null : typeLetter;
  const currency = bgMaxField(record, L.currency).trim();
  if (currency !== '' && currency !== summary.currency) {
    findings.add(
      'warning',
      'BANK_FILE_INVALID_FIELD',
      detail('BANK_FILE_INVALID_FIELD', `valutan ${currency} skiljer sig från öppningspostens ${summary.currency}`),
      line,
    );
  }
  return currency;
}

/** Reference §1.4: deposit = Σ TK20 − Σ TK21, count = number of TK20 + TK21 records. */
function checkDepositTotals(open: BgMaxOpenSection, line: number, findings: BankFindingCollector): void {
  const summary = open.summary;
  const computedOre = open.paymentsOre - open.deductionsOre;
  if (!open.damaged && summary.deposit_amountOre !== null && computedOre !== BigInt(summary.deposit_amountOre)) {
    findings.add(
      'error',
      'BANK_FILE_TOTALS_MISMATCH',
      detail('BANK_FILE_TOTALS_MISMATCH', `insättningsbeloppet ${summary.deposit_amountOre} öre är inte betalningar minus avdrag ${computedOre} öre`),
      line,
    );
  }
  const records = summary.payment_records + summary.deduction_records;
  if (summary.deposit_count !== null && summary.deposit_count !== records) {
    findings.add(
      'error',
      'BANK_FILE_TOTALS_MISMATCH',
      detail('BANK_FILE_TOTALS_MISMATCH', `antal betalningar ${summary.deposit_count}, filen har ${records}`),
      line,
    );
  }
}
