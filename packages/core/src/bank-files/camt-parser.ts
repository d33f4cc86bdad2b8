import { SaxesParser, type SaxesTagNS } from 'saxes';
import { DomainError } from '../errors';
import { parseBankDecimalOre } from './amounts';
import {
  camtEntryRecords,
  newCamtEntry,
  newCamtTx,
  openCamtTxElement,
  readCamtEntryLeaf,
  readCamtTxLeaf,
  type CamtEntryOutput,
  type CamtEntryState,
  type CamtReportContext,
  type CamtTxState,
} from './camt-entry';
import {
  addCamtBookedEntry,
  camtReportAccount,
  camtReportFallbackDate,
  finishCamtBalance,
  finishCamtReport,
  finishCamtStatement,
  newCamtBalance,
  newCamtReport,
  readCamtBalanceLeaf,
  readCamtReportLeaf,
  type CamtBalanceState,
  type CamtReportState,
} from './camt-report';
import { isBankBookingCurrency, reportForeignAmount } from './currency';
import { bankFindingMessage, bankSumToOre, createBankFindingCollector, createBankOreSum, createBankTransactionIdRegistry } from './findings';
import { createBankFileHasher, decodeBankFileText, peekBankFileInput } from './lines';
import type {
  BankFileEvent,
  BankFileInput,
  Camt053FileSummary,
  Camt053StatementSummary,
  Camt054FileSummary,
  Camt054NotificationSummary,
  CamtAccount,
} from './types';

/** camt namespaces: `urn:iso:std:iso:20022:tech:xsd:camt.053.001.02` → message 053, version 001.02 (reference §2.1). */
const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(\d{3})\.(\d{3}\.\d{2})$/;
const TESTED_VERSIONS = new Set(['001.02', '001.08']);
/** Text kept per element; longer text (no field we read is near this) is cut to keep memory flat. */
const TEXT_CAP = 100_000;

/** The two camt messages Fordran books from, and the elements that differ between them. */
const MESSAGES = {
  camt053: { number: '053', root: 'BkToCstmrStmt', report: 'Stmt', what: 'ett kontoutdrag i camt.053', reportName: 'kontoutdrag (Stmt)' },
  camt054: {
    number: '054',
    root: 'BkToCstmrDbtCdtNtfctn',
    report: 'Ntfctn',
    what: 'en avisering i camt.054',
    reportName: 'avisering (Ntfctn)',
  },
} as const;

export type CamtMessage = keyof typeof MESSAGES;

export interface CamtParseOptions {
  /**
   * The key transaction ids are scoped by, for a report's account: the organisation's own name for
   * the account, so a camt.054 naming it by bankgiro and a camt.053 naming it by IBAN give the same
   * ids. Null (or no function) uses the account as the file writes it.
   */
  accountKey?: (account: CamtAccount) => string | null;
}

/** The account as written, without spaces, upper-case: IBAN, else `Othr/Id`, else `-`. */
export function defaultCamtAccountKey(account: CamtAccount): string {
  return (account.iban ?? account.other_id ?? '-').replace(/\s+/g, '').toUpperCase();
}

/** Where the reader is inside the document. */
interface CamtCursor {
  report: CamtReportState | null;
  reportDepth: number;
  balance: CamtBalanceState | null;
  balanceDepth: number;
  entry: CamtEntryState | null;
  entryDepth: number;
  tx: CamtTxState | null;
  txDepth: number;
}

/**
 * The camt state machine over a SAX parser for one message (camt.053 or camt.054): write text
 * chunks, drain records, finish. Holds one entry at a time, so memory stays flat however long the
 * file is.
 */
export function createCamtReader(message: CamtMessage, options: CamtParseOptions = {}) {
  const spec = MESSAGES[message];
  const findings = createBankFindingCollector();
  const ids = createBankTransactionIdRegistry(findings);
  const detail = bankFindingMessage;
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: CamtEntryOutput[] = [];
  const reports: CamtReportState[] = [];
  const finished: (Camt053StatementSummary | Camt054NotificationSummary)[] = [];
  const creditsOre = createBankOreSum();
  const debitsOre = createBankOreSum();
  const netOre = createBankOreSum();
  const stack: string[] = [];
  const at: CamtCursor = { report: null, reportDepth: -1, balance: null, balanceDepth: -1, entry: null, entryDepth: -1, tx: null, txDepth: -1 };
  const counts = { payments: 0, reversals: 0, foreign: 0 };
  let text = '';
  let currency: string | null = null;
  let tagStartLine = 1;
  let sawContent = false;
  let version: string | null = null;
  let messageId: string | null = null;
  let createdAt: string | null = null;
  let documentDepth = -1;
  let groupDepth = -1;

  const below = (anchor: number, depth: number) => stack.slice(anchor + 1, depth + 1).join('/');

  parser.on('error', (error) => {
    throw new DomainError('BANK_FILE_UNREADABLE', `Filen kunde inte läsas: XML-fel på rad ${parser.line}`, {
      format: message,
      line: parser.line,
      column: parser.column,
      reason: error.message,
    });
  });
  parser.on('opentagstart', () => {
    tagStartLine = parser.line;
  });
  parser.on('text', (chunk) => {
    if (text.length < TEXT_CAP) text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (text.length < TEXT_CAP) text += chunk;
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const depth = stack.length;
    stack.push(tag.local);
    text = '';
    currency = tag.attributes['Ccy']?.value ?? null;
    if (version === null) {
      checkNamespace(tag);
      if (version === null) return;
    }
    openElement(tag.local, depth);
  });
  parser.on('closetag', () => {
    closeElement(stack.length - 1, text.trim());
    stack.pop();
    text = '';
  });

  function openElement(name: string, depth: number): void {
    if (name === spec.root && documentDepth < 0) documentDepth = depth;
    else if (documentDepth >= 0 && depth === documentDepth + 1 && name === 'GrpHdr') groupDepth = depth;
    else if (documentDepth >= 0 && depth === documentDepth + 1 && name === spec.report) {
      at.report = newCamtReport(tagStartLine);
      at.reportDepth = depth;
    } else if (at.report && !at.entry && !at.balance && depth === at.reportDepth + 1 && name === 'Bal' && message === 'camt053') {
      at.balance = newCamtBalance(tagStartLine);
      at.balanceDepth = depth;
    } else if (at.report && !at.entry && !at.balance && depth === at.reportDepth + 1 && name === 'Ntry') {
      at.entry = newCamtEntry(tagStartLine);
      at.entryDepth = depth;
    } else if (at.entry && !at.tx && depth === at.entryDepth + 2 && stack[depth - 1] === 'NtryDtls' && name === 'TxDtls') {
      at.tx = newCamtTx(tagStartLine);
      at.txDepth = depth;
    } else if (at.tx) {
      openCamtTxElement(at.tx, below(at.txDepth, depth));
    }
  }

  function closeElement(depth: number, value: string): void {
    if (at.tx) {
      if (depth === at.txDepth) {
        at.entry!.txs.push(at.tx);
        at.tx = null;
      } else readCamtTxLeaf(at.tx, below(at.txDepth, depth), value, currency);
    } else if (at.entry) {
      if (depth === at.entryDepth) finishEntry(at.entry);
      else readCamtEntryLeaf(at.entry, below(at.entryDepth, depth), value, currency);
    } else if (at.balance) {
      if (depth === at.balanceDepth) {
        finishCamtBalance(at.report!, at.balance, findings);
        at.balance = null;
      } else readCamtBalanceLeaf(at.balance, below(at.balanceDepth, depth), value, currency);
    } else if (at.report) {
      if (depth === at.reportDepth) finishReport(at.report);
      else readCamtReportLeaf(at.report, below(at.reportDepth, depth), value);
    } else if (groupDepth >= 0) {
      if (depth === groupDepth) groupDepth = -1;
      else if (below(groupDepth, depth) === 'MsgId' && value) messageId = value;
      else if (below(groupDepth, depth) === 'CreDtTm' && value) createdAt = value;
    }
  }

  function checkNamespace(tag: SaxesTagNS): void {
    const match = CAMT_NAMESPACE.exec(tag.uri);
    if (match) {
      if (match[1] !== spec.number) {
        throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', `Filen är camt.${match[1]}, inte ${spec.what}`, {
          format: message,
          line: tagStartLine,
          namespace: tag.uri,
        });
      }
      version = match[2]!;
      if (!TESTED_VERSIONS.has(version)) {
        findings.add(
          'info',
          'BANK_FILE_UNKNOWN_FORMAT',
          detail('BANK_FILE_UNKNOWN_FORMAT', `camt.${spec.number} version ${version} läses som 001.02/001.08`),
          tagStartLine,
        );
      }
    } else if (tag.local === 'Document' || tag.local === spec.root) {
      throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', `XML-filen är inte ${spec.what}`, { format: message, line: tagStartLine, namespace: tag.uri });
    }
  }

  function reportContext(report: CamtReportState): CamtReportContext {
    const account = camtReportAccount(report);
    return {
      format: message,
      account: account.iban ?? account.other_id,
      accountKey: options.accountKey?.(account) ?? defaultCamtAccountKey(account),
      recipientBankgiro: account.scheme === 'BGNR' ? account.other_id : null,
      fallbackDate: camtReportFallbackDate(report, createdAt),
    };
  }

  function finishEntry(state: CamtEntryState): void {
    at.entry = null;
    at.entryDepth = -1;
    const report = at.report!;
    const entries = report.summary.entries;
    entries.total += 1;
    const amount = state.amountText ? parseBankDecimalOre(state.amountText) : null;
    if (!amount) {
      findings.add('error', 'INVALID_AMOUNT', detail('INVALID_AMOUNT', `postens belopp "${state.amountText ?? ''}" (posten lästes inte in)`), state.line);
      return;
    }
    if (amount.rounded) findings.add('warning', 'TOO_MANY_DECIMALS', detail('TOO_MANY_DECIMALS', `"${state.amountText}" avrundades till hela öre`), state.line);
    if (state.creditDebit !== 'CRDT' && state.creditDebit !== 'DBIT') {
      findings.add(
        'error',
        'BANK_FILE_INVALID_FIELD',
        detail('BANK_FILE_INVALID_FIELD', `CdtDbtInd "${state.creditDebit ?? ''}" (posten lästes inte in)`),
        state.line,
      );
      return;
    }
    let status = state.status;
    if (!status) {
      findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', 'posten saknar status, BOOK antas'), state.line);
      status = 'BOOK';
    }
    // Reference §2.4: only booked entries move money; pending and information entries are reported only.
    if (status !== 'BOOK') {
      if (status === 'PDNG') entries.pending += 1;
      else if (status === 'INFO') entries.info += 1;
      else entries.other_status += 1;
      findings.add('info', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', `posten har status ${status} och är inte bokförd`), state.line);
      return;
    }
    entries.booked += 1;
    if (state.reversal) entries.reversals += 1;
    if (addCamtBookedEntry(report, state.creditDebit, amount.amountOre, state.amountCcy)) {
      (state.creditDebit === 'CRDT' ? creditsOre : debitsOre).add(amount.amountOre);
    }
    const outputs = camtEntryRecords(state, reportContext(report), amount.amountOre, findings, ids);
    if (!isBankBookingCurrency(state.amountCcy) && !outputs.some((output) => output.kind === 'foreign')) {
      // A foreign entry that books nothing (outgoing money) is still left out of the kronor totals: say so.
      reportForeignAmount(findings, state.amountText!, state.amountCcy!, state.line);
    }
    for (const output of outputs) {
      if (output.kind === 'payment') {
        counts.payments += 1;
        report.summary.payments += 1;
        netOre.add(output.record.amountOre);
      } else if (output.kind === 'reversal') counts.reversals += 1;
      else if (output.kind === 'foreign') counts.foreign += 1;
      ready.push(output);
    }
  }

  function finishReport(report: CamtReportState): void {
    at.report = null;
    at.reportDepth = -1;
    reports.push(report);
    finished.push(message === 'camt053' ? finishCamtStatement(report, findings) : finishCamtReport(report, findings));
  }

  function finish(contentSha256: string): Camt053FileSummary | Camt054FileSummary {
    if (!sawContent) throw new DomainError('BANK_FILE_UNREADABLE', 'Filen är tom', { format: message, line: 1 });
    parser.close();
    if (version === null) {
      throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', `XML-filen är inte ${spec.what}`, { format: message, line: 1 });
    }
    if (reports.length === 0) findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', `${spec.reportName} saknas`), 1);
    if (!messageId) findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', 'meddelande-id (GrpHdr/MsgId) saknas'), 1);
    const totals = {
      total_amountOre: bankSumToOre(netOre.value(), findings),
      total_creditsOre: bankSumToOre(creditsOre.value(), findings),
      total_debitsOre: bankSumToOre(debitsOre.value(), findings),
    };
    const { errors, finding_counts } = findings.finish();
    const common = {
      ...counts,
      ...totals,
      file_identity: messageId ? `${message}:${messageId}` : `${message}:sha256-${contentSha256}`,
      content_sha256: contentSha256,
      errors,
      finding_counts,
      version,
      message_id: messageId,
      created_at: createdAt,
    };
    return message === 'camt053'
      ? { format: 'camt053', ...common, statements: finished as Camt053StatementSummary[] }
      : { format: 'camt054', ...common, notifications: finished };
  }

  return {
    write(chunk: string): void {
      if (!sawContent && chunk.trim() !== '') sawContent = true;
      parser.write(chunk);
    },
    drain(): CamtEntryOutput[] {
      return ready.splice(0, ready.length);
    },
    /** Ends the document: throws BANK_FILE_UNREADABLE for empty or malformed XML, BANK_FILE_UNKNOWN_FORMAT for another message. */
    finish,
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
