import { SaxesParser, type SaxesTagNS } from 'saxes';
import { DomainError } from '../errors';
import type { CamtEntryOutput } from './camt-entry';
import { checkCamtNamespace, closeCamtElement, openCamtElement } from './camt-document';
import { newCamtReadState, type CamtMessage, type CamtParseOptions, type CamtReadState } from './camt-reader-state';
import { bankFindingMessage, bankSumToOre } from './findings';
import { createBankFileHasher, decodeBankFileText, peekBankFileInput } from './lines';
import type { BankFileEvent, BankFileInput, Camt053FileSummary, Camt053StatementSummary, Camt054FileSummary } from './types';

export { defaultCamtAccountKey, type CamtMessage, type CamtParseOptions } from './camt-reader-state';

/** Text kept per element; longer text (no field we read is near this) is cut to keep memory flat. */
const TEXT_CAP = 100_000;

/** Feeds the SAX parser's events into the reader state. */
function listen(parser: SaxesParser<{ xmlns: true; position: true }>, state: CamtReadState): void {
  parser.on('error', (error) => {
    throw new DomainError('BANK_FILE_UNREADABLE', `Filen kunde inte läsas: XML-fel på rad ${parser.line}`, {
      format: state.message,
      line: parser.line,
      column: parser.column,
      reason: error.message,
    });
  });
  parser.on('opentagstart', () => {
    state.tagStartLine = parser.line;
  });
  parser.on('text', (chunk) => {
    if (state.text.length < TEXT_CAP) state.text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (state.text.length < TEXT_CAP) state.text += chunk;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const depth = state.stack.length;
    state.stack.push(tag.local);
    state.text = '';
    state.currency = tag.attributes['Ccy']?.value ?? null;
    if (state.version === null) {
      checkCamtNamespace(state, tag);
      if (state.version === null) return;
    }
    openCamtElement(state, tag.local, depth);
  });
  parser.on('closetag', () => {
    closeCamtElement(state, state.stack.length - 1, state.text.trim());
    state.stack.pop();
    state.text = '';
  });
}

/** The file's summary once the document has been read to its end. */
function summarize(state: CamtReadState, contentSha256: string): Camt053FileSummary | Camt054FileSummary {
  const { findings, message, spec, messageId } = state;
  if (state.version === null) {
    throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', `XML-filen är inte ${spec.what}`, { format: message, line: 1 });
  }
  if (state.reports.length === 0) findings.add('error', 'BANK_FILE_STRUCTURE', bankFindingMessage('BANK_FILE_STRUCTURE', `${spec.reportName} saknas`), 1);
  if (!messageId) findings.add('warning', 'BANK_FILE_INVALID_FIELD', bankFindingMessage('BANK_FILE_INVALID_FIELD', 'meddelande-id (GrpHdr/MsgId) saknas'), 1);
  const totals = {
    total_amountOre: bankSumToOre(state.netOre.value(), findings),
    total_creditsOre: bankSumToOre(state.creditsOre.value(), findings),
    total_debitsOre: bankSumToOre(state.debitsOre.value(), findings),
  };
  const { errors, finding_counts } = findings.finish();
  const common = {
    ...state.counts,
    ...totals,
    file_identity: messageId ? `${message}:${messageId}` : `${message}:sha256-${contentSha256}`,
    content_sha256: contentSha256,
    errors,
    finding_counts,
    version: state.version,
    message_id: messageId,
    created_at: state.createdAt,
  };
  return message === 'camt053'
    ? { format: 'camt053', ...common, statements: state.finished as Camt053StatementSummary[] }
    : { format: 'camt054', ...common, notifications: state.finished };
}

/**
 * The camt state machine over a SAX parser for one message (camt.053 or camt.054): write text
 * chunks, drain records, finish. Holds one entry at a time, so memory stays flat however long the
 * file is.
 */
export function createCamtReader(message: CamtMessage, options: CamtParseOptions = {}) {
  const state = newCamtReadState(message, options);
  const parser = new SaxesParser({ xmlns: true, position: true });
  listen(parser, state);
  return {
    write(chunk: string): void {
      if (!state.sawContent && chunk.trim() !== '') state.sawContent = true;
      parser.write(chunk);
    },
    drain(): CamtEntryOutput[] {
      return state.ready.splice(0, state.ready.length);
    },
    /** Ends the document: throws BANK_FILE_UNREADABLE for empty or malformed XML, BANK_FILE_UNKNOWN_FORMAT for another message. */
    finish(contentSha256: string): Camt053FileSummary | Camt054FileSummary {
      if (!state.sawContent) throw new DomainError('BANK_FILE_UNREADABLE', 'Filen är tom', { format: message, line: 1 });
      parser.close();
      return summarize(state, contentSha256);
    },
  };
}

const LATIN1_DECLARATION = /<\?xml[^>]*encoding\s*=\s*["'](iso-8859-1|iso_8859-1|latin-?1|windows-1252|cp1252)["']/i;

async function* streamCamt(input: BankFileInput, message: CamtMessage, options: CamtParseOptions): AsyncGenerator<BankFileEvent> {
  const hasher = createBankFileHasher();
  const peeked = await peekBankFileInput(input, 1024);
  const encoding = LATIN1_DECLARATION.test(peeked.sample) ? 'latin1' : 'utf-8';
  const text = decodeBankFileText(peeked.input, encoding, hasher);
  const reader = createCamtReader(message, options);
  for await (const chunk of text.chunks) {
    reader.write(chunk);
    yield* reader.drain();
  }
  const summary = reader.finish(hasher.hex());
  yield* reader.drain();
  yield { kind: 'end', summary };
}

/**
 * Streams an ISO 20022 camt.053 statement (001.02 and 001.08; reference §2) through a SAX parser:
 * yields each booked incoming SEK transaction as `payment`, each booked reversal as `reversal`,
 * returned payments as `returned`, amounts in another currency as `foreign`, then the summary with
 * statements, balances and the OPBD + credits − debits = CLBD check. Malformed XML throws
 * BANK_FILE_UNREADABLE (with line); another camt message or namespace BANK_FILE_UNKNOWN_FORMAT.
 * @example for await (const event of streamCamt053(xml)) if (event.kind === 'payment') console.log(event.record.ocr)
 */
export function streamCamt053(input: BankFileInput, options: CamtParseOptions = {}): AsyncGenerator<BankFileEvent<Camt053FileSummary>> {
  return streamCamt(input, 'camt053', options) as AsyncGenerator<BankFileEvent<Camt053FileSummary>>;
}

/**
 * Streams an ISO 20022 camt.054 credit (or debit) notification (001.02 and 001.08; reference
 * §2.5): `BkToCstmrDbtCdtNtfctn/Ntfctn`, one account each, entries as in camt.053 and no balances.
 * Yields what streamCamt053 yields, with the notifications in the summary.
 * @example for await (const event of streamCamt054(xml)) if (event.kind === 'payment') console.log(event.record.transaction_id)
 */
export function streamCamt054(input: BankFileInput, options: CamtParseOptions = {}): AsyncGenerator<BankFileEvent<Camt054FileSummary>> {
  return streamCamt(input, 'camt054', options) as AsyncGenerator<BankFileEvent<Camt054FileSummary>>;
}
