import { DomainError } from '../errors';
import { BGMAX_RECORD_LENGTH } from './bgmax-records';
import { readBgMaxEnd, readBgMaxStart } from './bgmax-file-records';
import { newBgMaxReadState, type BgMaxOutput, type BgMaxReadState } from './bgmax-reader-state';
import { readBgMaxDeposit, readBgMaxOpening, readBgMaxPaymentDetail, readBgMaxPaymentRecord } from './bgmax-section-records';
import { closeUnfinishedBgMaxSection } from './bgmax-sections';
import { bankFindingMessage, bankSumToOre } from './findings';
import { createBankFileHasher, decodeBankFileText, splitBankFileLines, type BankFileLine } from './lines';
import type { BankFileEvent, BankFileInput, BgMaxFileSummary } from './types';

export { bgMaxDate } from './bgmax-records';

const detail = bankFindingMessage;

type BgMaxRecordReader = (state: BgMaxReadState, record: string, line: number) => void;

/** The reader of each transaction code (TK); any other TK is ignored. */
const RECORD_READERS = new Map<string, BgMaxRecordReader>([
  ['01', readBgMaxStart],
  ['05', readBgMaxOpening],
  ['15', readBgMaxDeposit],
  ['20', readBgMaxPaymentRecord],
  ['21', readBgMaxPaymentRecord],
  ['22', readBgMaxPaymentDetail],
  ['23', readBgMaxPaymentDetail],
  ['25', readBgMaxPaymentDetail],
  ['26', readBgMaxPaymentDetail],
  ['27', readBgMaxPaymentDetail],
  ['28', readBgMaxPaymentDetail],
  ['29', readBgMaxPaymentDetail],
  ['70', readBgMaxEnd],
]);

/** Tolerated layout oddities (reference §1.1): TABs, short lines, an 81st blank character. */
function normalize({ findings }: BgMaxReadState, { line, text }: BankFileLine): string {
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

/** Reads one line of the file: checks the record's place in the file, then hands it to the reader of its TK. */
function readBgMaxLine(state: BgMaxReadState, input: BankFileLine): void {
  const { findings } = state;
  if (input.text.trim() === '') {
    findings.tally('blank', 'info', 'BANK_FILE_LINE_FORMAT', detail('BANK_FILE_LINE_FORMAT', 'tom rad ignorerades'), input.line);
    return;
  }
  state.nonBlank += 1;
  const record = normalize(state, input);
  const tk = record.slice(0, 2);
  const line = input.line;
  const read = RECORD_READERS.get(tk);
  if (!read) {
    // Bankgirot: ignore record types you do not understand (reference §1.1).
    findings.add('info', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', `okänd posttyp "${tk}"`), line);
    return;
  }
  state.recognized += 1;
  if (!state.startSeen && tk !== '01' && state.recognized === 1) {
    findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'startposten (TK01) saknas först i filen'), line);
  }
  if (state.endLine !== null && tk !== '70') {
    findings.tally('after-end', 'error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'poster efter slutposten (TK70)'), line);
  }
  read(state, record, line);
}

/** Closes the file; throws BANK_FILE_UNREADABLE when nothing in it was a BgMax record. */
function finishBgMax(state: BgMaxReadState, contentSha256: string, lastLine: number): BgMaxFileSummary {
  const { findings } = state;
  if (state.recognized === 0) {
    throw new DomainError('BANK_FILE_UNREADABLE', state.nonBlank === 0 ? 'Filen är tom' : 'Filen innehåller inga BgMax-poster', {
      format: 'bgmax',
      line: 1,
    });
  }
  closeUnfinishedBgMaxSection(state, lastLine, 'innan filen tar slut');
  if (state.endLine === null) findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'slutposten (TK70) saknas'), lastLine);
  const identity = state.sections.map((s) => `${s.recipient_bankgiro ?? '-'}/${s.deposit_serial ?? '-'}`).join(',');
  const total_amountOre = bankSumToOre(state.netOre.value(), findings);
  const total_creditsOre = bankSumToOre(state.creditsOre.value(), findings);
  const total_debitsOre = bankSumToOre(state.debitsOre.value(), findings);
  const { errors, finding_counts } = findings.finish();
  return {
    format: 'bgmax',
    payments: state.payments,
    reversals: 0,
    foreign: state.foreign,
    total_amountOre,
    total_creditsOre,
    total_debitsOre,
    file_identity: `bgmax:${state.timestamp ?? `sha256-${contentSha256}`}:${identity}`,
    content_sha256: contentSha256,
    errors,
    finding_counts,
    timestamp: state.timestamp,
    written_at: state.writtenAt,
    is_test: state.isTest,
    version: state.version,
    sections: state.sections,
    trailer: state.trailer,
  };
}

/**
 * The BgMax state machine: feed it lines, drain the completed payments, finish for the summary.
 * Payments are completed at their section's TK15, because that record carries the payment date.
 */
export function createBgMaxReader() {
  const state = newBgMaxReadState();
  return {
    /** Reads one line of the file. */
    line(input: BankFileLine): void {
      readBgMaxLine(state, input);
    },
    /** Payments completed since the last drain. */
    drain(): BgMaxOutput[] {
      return state.ready.splice(0, state.ready.length);
    },
    /** Closes the file; throws BANK_FILE_UNREADABLE when nothing in it was a BgMax record. */
    finish(contentSha256: string, lastLine: number): BgMaxFileSummary {
      return finishBgMax(state, contentSha256, lastLine);
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
