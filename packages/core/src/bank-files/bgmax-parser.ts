import { DomainError } from '../errors';
import { isValidCivilDate, type IsoDate } from '../dates';
import { ore, oreToDecimal, type Ore } from '../money';
import { isBankBookingCurrency, reportForeignAmount } from './currency';
import { BGMAX_LAYOUT, BGMAX_RECORD_LENGTH, bgMaxField, bgMaxNumberOrNull } from './bgmax-records';
import {
  checkBgMaxPayment,
  readBgMaxExtraReference,
  readBgMaxPayerRecord,
  readBgMaxPayment,
  toBgMaxPaymentRecord,
  type BgMaxPendingPayment,
} from './bgmax-payment';
import { bankFindingMessage, bankSumToOre, createBankFindingCollector, createBankOreSum, createBankTransactionIdRegistry } from './findings';
import { parseBankDigitsOre } from './amounts';
import { createBankFileHasher, decodeBankFileText, splitBankFileLines, type BankFileLine } from './lines';
import type { BankFileEvent, BankFileInput, BankPaymentRecord, BgMaxFileSummary, BgMaxSectionSummary, BgMaxTrailerCounts } from './types';

const KNOWN_TK = new Set(['01', '05', '15', '20', '21', '22', '23', '25', '26', '27', '28', '29', '70']);

interface OpenSection {
  summary: BgMaxSectionSummary;
  payments: BgMaxPendingPayment[];
  current: BgMaxPendingPayment | null;
  paymentsOre: bigint;
  deductionsOre: bigint;
  /** A record of the section could not be read: its sum check would only repeat that error. */
  damaged: boolean;
}

/** `YYYYMMDD` → ISO date, or null. */
export function bgMaxDate(field: string): IsoDate | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(field);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isValidCivilDate(year, month, day) ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

function bgMaxTimestamp(field: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{6})$/.exec(field);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, micro] = match as unknown as string[];
  if (!bgMaxDate(`${y}${mo}${d}`) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.${micro}`;
}

function countField(record: string, field: readonly [number, number]): number | null {
  const text = bgMaxField(record, field);
  return /^\d+$/.test(text) ? Number(text) : null;
}

/**
 * The BgMax state machine: feed it lines, drain the completed payments, finish for the summary.
 * Payments are completed at their section's TK15, because that record carries the payment date.
 */
export function createBgMaxReader() {
  const findings = createBankFindingCollector();
  const ids = createBankTransactionIdRegistry(findings);
  const ready: { kind: 'payment' | 'foreign'; record: BankPaymentRecord }[] = [];
  const sections: BgMaxSectionSummary[] = [];
  const counts = { tk20: 0, tk21: 0, extra: 0, tk15: 0 };
  const creditsOre = createBankOreSum();
  const debitsOre = createBankOreSum();
  const netOre = createBankOreSum();
  let recognized = 0;
  let nonBlank = 0;
  let startSeen = false;
  let endLine: number | null = null;
  let timestamp: string | null = null;
  let writtenAt: string | null = null;
  let isTest: boolean | null = null;
  let version: string | null = null;
  let trailer: BgMaxTrailerCounts | null = null;
  let section: OpenSection | null = null;
  let payments = 0;
  let foreign = 0;

  const detail = (code: Parameters<typeof bankFindingMessage>[0], text: string) => bankFindingMessage(code, text);

  function openSection(line: number, recipientBankgiro: string | null, recipientPlusgiro: string | null, currency: string): OpenSection {
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
    sections.push(summary);
    return { summary, payments: [], current: null, paymentsOre: 0n, deductionsOre: 0n, damaged: false };
  }

  function completeCurrent(open: OpenSection): void {
    if (open.current) {
      checkBgMaxPayment(open.current, findings);
      open.payments.push(open.current);
      open.current = null;
    }
  }

  /** Emits the section's payments with `paidAt` (or drops them when no date can be found). */
  function closeSection(open: OpenSection, paidAt: IsoDate | null, account: string | null, currency: string): void {
    completeCurrent(open);
    const summary = open.summary;
    summary.paymentsOre = bankSumToOre(open.paymentsOre, findings, summary.line);
    summary.deductionsOre = bankSumToOre(open.deductionsOre, findings, summary.line);
    let date = paidAt;
    const readable = open.payments.filter((p): p is BgMaxPendingPayment & { amountOre: Ore } => p.amountOre !== null);
    if (date === null && readable.length > 0) {
      date = writtenAt ? writtenAt.slice(0, 10) : null;
      findings.add(
        'error',
        'BANK_FILE_STRUCTURE',
        date
          ? detail('BANK_FILE_STRUCTURE', `betalningsdag saknas för avsnittet på rad ${summary.line}, filens skrivdag ${date} används`)
          : detail('BANK_FILE_STRUCTURE', `betalningsdag saknas för avsnittet på rad ${summary.line}, ${readable.length} betalningar lästes inte in`),
        summary.closing_line ?? summary.line,
      );
    }
    if (date === null) return;
    const context = { recipientBankgiro: summary.recipient_bankgiro, account, currency, paidAt: date };
    for (const payment of readable) {
      const record = toBgMaxPaymentRecord(payment, context, findings);
      record.transaction_id = ids.claim(record.transaction_id, record.line);
      if (!isBankBookingCurrency(currency)) {
        // A section in another currency (BgMax allows EUR): reported, in no kronor total.
        reportForeignAmount(findings, oreToDecimal(record.amountOre), currency, record.line);
        foreign += 1;
        ready.push({ kind: 'foreign', record });
        continue;
      }
      netOre.add(record.amountOre);
      if (record.is_deduction) debitsOre.add(payment.amountOre);
      else creditsOre.add(payment.amountOre);
      payments += 1;
      ready.push({ kind: 'payment', record });
    }
  }

  function closeUnfinished(line: number, why: string): void {
    if (!section) return;
    findings.add(
      'error',
      'BANK_FILE_STRUCTURE',
      detail('BANK_FILE_STRUCTURE', `avsnittet på rad ${section.summary.line} avslutas inte med en insättningspost (TK15) ${why}`),
      line,
    );
    closeSection(section, null, null, section.summary.currency);
    section = null;
  }

  function ensureSection(line: number, what: string): OpenSection {
    if (section) return section;
    findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', `${what} utan öppningspost (TK05)`), line);
    section = openSection(line, null, null, 'SEK');
    return section;
  }

  function readStart(record: string, line: number): void {
    if (startSeen || nonBlank > 1) {
      findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'startposten (TK01) ska vara filens första och enda'), line);
    }
    startSeen = true;
    const L = BGMAX_LAYOUT.start;
    if (bgMaxField(record, L.layout_name).trim() !== 'BGMAX') {
      findings.add('error', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', 'layoutnamnet är inte BGMAX'), line);
    }
    version = bgMaxField(record, L.version);
    if (version !== '01') {
      findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `okänd version "${version}"`), line);
    }
    const stamp = bgMaxField(record, L.timestamp);
    timestamp = stamp.trim() === '' ? null : stamp;
    writtenAt = bgMaxTimestamp(stamp);
    if (!writtenAt) findings.add('error', 'INVALID_DATE', detail('INVALID_DATE', `skrivdag "${stamp.trim()}"`), line);
    const marker = bgMaxField(record, L.test_marker);
    isTest = marker === 'T' ? true : marker === 'P' ? false : null;
    if (isTest === null) findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `testmarkering "${marker}"`), line);
  }

  function readOpening(record: string, line: number): void {
    closeUnfinished(line, 'innan nästa öppningspost');
    const L = BGMAX_LAYOUT.opening;
    const bgField = bgMaxField(record, L.recipient_bankgiro);
    if (!/^\d{10}$/.test(bgField)) {
      findings.add('error', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `mottagarbankgironummer "${bgField}"`), line);
    }
    const currency = bgMaxField(record, L.currency).trim();
    if (currency === '') findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', 'valuta saknas, SEK antas'), line);
    section = openSection(line, bgMaxNumberOrNull(bgField), bgMaxNumberOrNull(bgMaxField(record, L.recipient_plusgiro)), currency || 'SEK');
  }

  function readPayment(record: string, line: number): void {
    const open = ensureSection(line, 'betalningspost');
    completeCurrent(open);
    const payment = readBgMaxPayment(record, line, findings);
    open.current = payment;
    if (payment.isDeduction) {
      counts.tk21 += 1;
      open.summary.deduction_records += 1;
    } else {
      counts.tk20 += 1;
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

  function readBelongingToPayment(record: string, line: number, tk: string): void {
    const current = section?.current;
    if (tk === '22' || tk === '23') counts.extra += 1;
    if (!current) {
      findings.add('warning', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', `post ${tk} utan föregående betalningspost ignorerades`), line);
      return;
    }
    if (tk === '22' || tk === '23') readBgMaxExtraReference(record, line, current, findings);
    else readBgMaxPayerRecord(record, line, current, findings);
  }

  function readDeposit(record: string, line: number): void {
    const open = ensureSection(line, 'insättningspost');
    counts.tk15 += 1;
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
    summary.deposit_count = countField(record, L.count);
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
    // Reference §1.4: deposit = Σ TK20 − Σ TK21, count = number of TK20 + TK21 records.
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
    closeSection(open, summary.paid_at, summary.account, currency || summary.currency);
    section = null;
  }

  function readEnd(record: string, line: number): void {
    closeUnfinished(line, 'före slutposten');
    if (endLine !== null) findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'mer än en slutpost (TK70)'), line);
    endLine = line;
    const L = BGMAX_LAYOUT.end;
    const written = {
      payment_records: countField(record, L.payment_records),
      deduction_records: countField(record, L.deduction_records),
      extra_reference_records: countField(record, L.extra_reference_records),
      deposit_records: countField(record, L.deposit_records),
    };
    const actual = { payment_records: counts.tk20, deduction_records: counts.tk21, extra_reference_records: counts.extra, deposit_records: counts.tk15 };
    const labels = {
      payment_records: 'betalningsposter',
      deduction_records: 'avdragsposter',
      extra_reference_records: 'extra referensnummerposter',
      deposit_records: 'insättningsposter',
    };
    for (const key of Object.keys(written) as (keyof typeof written)[]) {
      const value = written[key];
      if (value === null) {
        findings.add('error', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', `antal ${labels[key]} i slutposten`), line);
      } else if (value !== actual[key]) {
        findings.add(
          'error',
          'BANK_FILE_TOTALS_MISMATCH',
          detail('BANK_FILE_TOTALS_MISMATCH', `slutposten anger ${value} ${labels[key]}, filen har ${actual[key]}`),
          line,
        );
      }
    }
    trailer = {
      payment_records: written.payment_records ?? 0,
      deduction_records: written.deduction_records ?? 0,
      extra_reference_records: written.extra_reference_records ?? 0,
      deposit_records: written.deposit_records ?? 0,
    };
  }

  /** Tolerated layout oddities (reference §1.1): TABs, short lines, an 81st blank character. */
  function normalize({ line, text }: BankFileLine): string {
    let record = text;
    if (record.includes('\t')) {
      findings.tally('tab', 'info', 'BANK_FILE_LINE_FORMAT', detail('BANK_FILE_LINE_FORMAT', 'tabbtecken ersattes med blanksteg'), line);
      record = record.replace(/\t/g, ' ');
    }
    if (record.length < BGMAX_RECORD_LENGTH) {
      findings.tally(
        'short',
        'info',
        'BANK_FILE_LINE_FORMAT',
        detail('BANK_FILE_LINE_FORMAT', 'raden är kortare än 80 tecken och fylldes ut med blanksteg'),
        line,
      );
      record = record.padEnd(BGMAX_RECORD_LENGTH, ' ');
    } else if (record.length > BGMAX_RECORD_LENGTH) {
      if (record.slice(BGMAX_RECORD_LENGTH).trim() === '') {
        findings.tally('long', 'info', 'BANK_FILE_LINE_FORMAT', detail('BANK_FILE_LINE_FORMAT', 'raden är längre än 80 tecken (blanksteg på slutet)'), line);
      } else {
        findings.add(
          'warning',
          'BANK_FILE_LINE_FORMAT',
          detail('BANK_FILE_LINE_FORMAT', `raden har ${record.length} tecken, tecken efter position 80 ignorerades`),
          line,
        );
      }
      record = record.slice(0, BGMAX_RECORD_LENGTH);
    }
    return record;
  }

  return {
    /** Reads one line of the file. */
    line(input: BankFileLine): void {
      if (input.text.trim() === '') {
        findings.tally('blank', 'info', 'BANK_FILE_LINE_FORMAT', detail('BANK_FILE_LINE_FORMAT', 'tom rad ignorerades'), input.line);
        return;
      }
      nonBlank += 1;
      const record = normalize(input);
      const tk = record.slice(0, 2);
      const line = input.line;
      if (!KNOWN_TK.has(tk)) {
        // Bankgirot: ignore record types you do not understand (reference §1.1).
        findings.add('info', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', `okänd posttyp "${tk}"`), line);
        return;
      }
      recognized += 1;
      if (!startSeen && tk !== '01' && recognized === 1) {
        findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'startposten (TK01) saknas först i filen'), line);
      }
      if (endLine !== null && tk !== '70') {
        findings.tally('after-end', 'error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'poster efter slutposten (TK70)'), line);
      }
      if (tk === '01') readStart(record, line);
      else if (tk === '05') readOpening(record, line);
      else if (tk === '20' || tk === '21') readPayment(record, line);
      else if (tk === '15') readDeposit(record, line);
      else if (tk === '70') readEnd(record, line);
      else readBelongingToPayment(record, line, tk);
    },
    /** Payments completed since the last drain. */
    drain(): { kind: 'payment' | 'foreign'; record: BankPaymentRecord }[] {
      return ready.splice(0, ready.length);
    },
    /** Closes the file; throws BANK_FILE_UNREADABLE when nothing in it was a BgMax record. */
    finish(contentSha256: string, lastLine: number): BgMaxFileSummary {
      if (recognized === 0) {
        throw new DomainError('BANK_FILE_UNREADABLE', nonBlank === 0 ? 'Filen är tom' : 'Filen innehåller inga BgMax-poster', {
          format: 'bgmax',
          line: 1,
        });
      }
      closeUnfinished(lastLine, 'innan filen tar slut');
      if (endLine === null) findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'slutposten (TK70) saknas'), lastLine);
      const identity = sections.map((s) => `${s.recipient_bankgiro ?? '-'}/${s.deposit_serial ?? '-'}`).join(',');
      const total_amountOre = bankSumToOre(netOre.value(), findings);
      const total_creditsOre = bankSumToOre(creditsOre.value(), findings);
      const total_debitsOre = bankSumToOre(debitsOre.value(), findings);
      const { errors, finding_counts } = findings.finish();
      return {
        format: 'bgmax',
        payments,
        reversals: 0,
        foreign,
        total_amountOre,
        total_creditsOre,
        total_debitsOre,
        file_identity: `bgmax:${timestamp ?? `sha256-${contentSha256}`}:${identity}`,
        content_sha256: contentSha256,
        errors,
        finding_counts,
        timestamp,
        written_at: writtenAt,
        is_test: isTest,
        version,
        sections,
        trailer,
      };
    },
  };
}

/**
 * Streams a BgMax file (Bankgirot, Latin-1, 80-character records; reference §1): yields each
 * payment and deduction when its section's TK15 has been read, then the summary. Recoverable
 * problems become line-numbered findings; a file without a single BgMax record throws
 * DomainError BANK_FILE_UNREADABLE. Memory grows with the largest section, not the file.
 * @example for await (const event of streamBgMax(text)) if (event.kind === 'payment') console.log(event.record.ocr)
 */
export async function* streamBgMax(input: BankFileInput): AsyncGenerator<BankFileEvent<BgMaxFileSummary>> {
  const hasher = createBankFileHasher();
  const reader = createBgMaxReader();
  const text = decodeBankFileText(input, 'latin1', hasher);
  let lastLine = 1;
  for await (const batch of splitBankFileLines(text.chunks)) {
    for (const line of batch) reader.line(line);
    lastLine = batch[batch.length - 1]!.line;
    yield* reader.drain();
  }
  const summary = reader.finish(hasher.hex(), lastLine);
  yield* reader.drain();
  yield { kind: 'end', summary };
}
