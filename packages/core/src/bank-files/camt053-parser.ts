import { SaxesParser, type SaxesTagNS } from 'saxes';
import { DomainError } from '../errors';
import { ore } from '../money';
import { bankIsoDatePart, parseBankDecimalOre } from './amounts';
import {
  camtEntryRecords,
  newCamtEntry,
  newCamtTx,
  openCamtTxElement,
  readCamtEntryLeaf,
  readCamtTxLeaf,
  type CamtEntryOutput,
  type CamtEntryState,
  type CamtStatementContext,
  type CamtTxState,
} from './camt053-entry';
import { bankFindingMessage, bankSumToOre, createBankFindingCollector, createBankOreSum, createBankTransactionIdRegistry, type BankOreSum } from './findings';
import { createBankFileHasher, decodeBankFileText, peekBankFileInput } from './lines';
import type { BankFileEvent, BankFileInput, Camt053Balance, Camt053FileSummary, Camt053StatementSummary } from './types';

/** camt namespaces: `urn:iso:std:iso:20022:tech:xsd:camt.053.001.02` → message 053, version 001.02 (reference §2.1). */
const CAMT_NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(\d{3})\.(\d{3}\.\d{2})$/;
const TESTED_VERSIONS = new Set(['001.02', '001.08']);
/** Text kept per element; longer text (no field we read is near this) is cut to keep memory flat. */
const TEXT_CAP = 100_000;

interface StatementState {
  summary: Camt053StatementSummary;
  context: CamtStatementContext;
  creditsOre: BankOreSum;
  debitsOre: BankOreSum;
}

interface BalanceState {
  line: number;
  type: string | null;
  amountText: string | null;
  currency: string | null;
  creditDebit: string | null;
  date: string | null;
}

function newStatement(line: number): StatementState {
  return {
    summary: {
      line,
      id: null,
      created_at: null,
      from: null,
      to: null,
      statement_date: null,
      account_iban: null,
      account_other_id: null,
      account_scheme: null,
      currency: null,
      balances: [],
      opening_balanceOre: null,
      closing_balanceOre: null,
      entries: { total: 0, booked: 0, pending: 0, info: 0, other_status: 0, reversals: 0, booked_credits: 0, booked_debits: 0 },
      total_creditsOre: ore(0),
      total_debitsOre: ore(0),
      payments: 0,
      reconciliation_status: 'pending',
    },
    context: { accountIban: null, accountOtherId: null, accountScheme: null, currency: null, fallbackDate: null },
    creditsOre: createBankOreSum(),
    debitsOre: createBankOreSum(),
  };
}

/**
 * The camt.053 state machine over a SAX parser: write text chunks, drain records, finish. Holds
 * one entry at a time, so memory stays flat however long the statement is.
 */
export function createCamt053Reader() {
  const findings = createBankFindingCollector();
  const ids = createBankTransactionIdRegistry(findings);
  const detail = bankFindingMessage;
  const parser = new SaxesParser({ xmlns: true, position: true });
  const ready: CamtEntryOutput[] = [];
  const statements: Camt053StatementSummary[] = [];
  const creditsOre = createBankOreSum();
  const debitsOre = createBankOreSum();
  const netOre = createBankOreSum();
  const stack: string[] = [];
  let text = '';
  let currency: string | null = null;
  let tagStartLine = 1;
  let sawContent = false;
  let version: string | null = null;
  let messageId: string | null = null;
  let createdAt: string | null = null;
  let documentDepth = -1;
  let groupDepth = -1;
  let statement: StatementState | null = null;
  let statementDepth = -1;
  let balance: BalanceState | null = null;
  let balanceDepth = -1;
  let entry: CamtEntryState | null = null;
  let entryDepth = -1;
  let tx: CamtTxState | null = null;
  let txDepth = -1;
  let payments = 0;
  let reversals = 0;

  const below = (anchor: number, depth: number) => stack.slice(anchor + 1, depth + 1).join('/');

  parser.on('error', (error) => {
    throw new DomainError('BANK_FILE_UNREADABLE', `Filen kunde inte läsas: XML-fel på rad ${parser.line}`, {
      format: 'camt053',
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
    const name = tag.local;
    stack.push(name);
    text = '';
    currency = tag.attributes['Ccy']?.value ?? null;
    if (version === null) {
      checkNamespace(tag);
      if (version === null) return;
    }
    if (name === 'BkToCstmrStmt' && documentDepth < 0) documentDepth = depth;
    else if (documentDepth >= 0 && depth === documentDepth + 1 && name === 'GrpHdr') groupDepth = depth;
    else if (documentDepth >= 0 && depth === documentDepth + 1 && name === 'Stmt') {
      statement = newStatement(tagStartLine);
      statementDepth = depth;
    } else if (statement && !entry && !balance && depth === statementDepth + 1 && name === 'Bal') {
      balance = { line: tagStartLine, type: null, amountText: null, currency: null, creditDebit: null, date: null };
      balanceDepth = depth;
    } else if (statement && !entry && !balance && depth === statementDepth + 1 && name === 'Ntry') {
      entry = newCamtEntry(tagStartLine);
      entryDepth = depth;
    } else if (entry && !tx && depth === entryDepth + 2 && stack[depth - 1] === 'NtryDtls' && name === 'TxDtls') {
      tx = newCamtTx(tagStartLine);
      txDepth = depth;
    } else if (tx) {
      openCamtTxElement(tx, below(txDepth, depth));
    }
  });
  parser.on('closetag', () => {
    const depth = stack.length - 1;
    const value = text.trim();
    if (tx) {
      if (depth === txDepth) {
        entry!.txs.push(tx);
        tx = null;
      } else {
        readCamtTxLeaf(tx, below(txDepth, depth), value, currency);
      }
    } else if (entry) {
      if (depth === entryDepth) finishEntry(entry);
      else readCamtEntryLeaf(entry, below(entryDepth, depth), value, currency);
    } else if (balance) {
      if (depth === balanceDepth) finishBalance(balance);
      else readBalanceLeaf(balance, below(balanceDepth, depth), value);
    } else if (statement) {
      if (depth === statementDepth) finishStatement(statement);
      else readStatementLeaf(statement, below(statementDepth, depth), value);
    } else if (groupDepth >= 0) {
      if (depth === groupDepth) groupDepth = -1;
      else if (below(groupDepth, depth) === 'MsgId' && value) messageId = value;
      else if (below(groupDepth, depth) === 'CreDtTm' && value) createdAt = value;
    }
    stack.pop();
    text = '';
  });

  function checkNamespace(tag: SaxesTagNS): void {
    const match = CAMT_NAMESPACE.exec(tag.uri);
    if (match) {
      if (match[1] !== '053') {
        throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', `Filen är camt.${match[1]}, inte ett kontoutdrag i camt.053`, {
          format: 'camt053',
          line: tagStartLine,
          namespace: tag.uri,
        });
      }
      version = match[2]!;
      if (!TESTED_VERSIONS.has(version)) {
        findings.add(
          'info',
          'BANK_FILE_UNKNOWN_FORMAT',
          detail('BANK_FILE_UNKNOWN_FORMAT', `camt.053 version ${version} läses som 001.02/001.08`),
          tagStartLine,
        );
      }
    } else if (tag.local === 'Document' || tag.local === 'BkToCstmrStmt') {
      throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', 'XML-filen är inte ett kontoutdrag i camt.053', {
        format: 'camt053',
        line: tagStartLine,
        namespace: tag.uri,
      });
    }
  }

  function readStatementLeaf(state: StatementState, path: string, value: string): void {
    if (value === '') return;
    const s = state.summary;
    const c = state.context;
    if (path === 'Id') s.id = value;
    else if (path === 'CreDtTm') s.created_at = value;
    else if (path === 'FrToDt/FrDtTm') s.from = value;
    else if (path === 'FrToDt/ToDtTm') s.to = value;
    else if (path === 'Acct/Id/IBAN') s.account_iban = c.accountIban = value;
    else if (path === 'Acct/Id/Othr/Id') s.account_other_id = c.accountOtherId = value;
    else if (path === 'Acct/Id/Othr/SchmeNm/Cd' || path === 'Acct/Id/Othr/SchmeNm/Prtry') s.account_scheme = c.accountScheme = value.toUpperCase();
    else if (path === 'Acct/Ccy') s.currency = c.currency = value;
    c.fallbackDate = bankIsoDatePart(s.to) ?? bankIsoDatePart(s.created_at) ?? bankIsoDatePart(createdAt);
  }

  function readBalanceLeaf(state: BalanceState, path: string, value: string): void {
    if (value === '') return;
    if (path === 'Tp/CdOrPrtry/Cd' || path === 'Tp/CdOrPrtry/Prtry') state.type ??= value.toUpperCase();
    else if (path === 'Amt') {
      state.amountText = value;
      state.currency = currency;
    } else if (path === 'CdtDbtInd') state.creditDebit = value;
    else if (path === 'Dt/Dt' || path === 'Dt/DtTm') state.date = value;
  }

  function finishBalance(state: BalanceState): void {
    balance = null;
    balanceDepth = -1;
    const amount = state.amountText ? parseBankDecimalOre(state.amountText) : null;
    if (!state.type || !amount || (state.creditDebit !== 'CRDT' && state.creditDebit !== 'DBIT')) {
      findings.add(
        'warning',
        'BANK_FILE_INVALID_FIELD',
        detail('BANK_FILE_INVALID_FIELD', 'saldot saknar typ, belopp eller CdtDbtInd och lästes inte in'),
        state.line,
      );
      return;
    }
    const signed: Camt053Balance = {
      type: state.type,
      amountOre: state.creditDebit === 'DBIT' ? ore(-amount.amountOre) || ore(0) : amount.amountOre,
      currency: state.currency,
      date: bankIsoDatePart(state.date),
    };
    statement!.summary.balances.push(signed);
  }

  function finishEntry(state: CamtEntryState): void {
    entry = null;
    entryDepth = -1;
    const current = statement!;
    const counts = current.summary.entries;
    counts.total += 1;
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
      if (status === 'PDNG') counts.pending += 1;
      else if (status === 'INFO') counts.info += 1;
      else counts.other_status += 1;
      findings.add('info', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', `posten har status ${status} och är inte bokförd`), state.line);
      return;
    }
    counts.booked += 1;
    if (state.reversal) counts.reversals += 1;
    if (state.creditDebit === 'CRDT') {
      counts.booked_credits += 1;
      current.creditsOre.add(amount.amountOre);
      creditsOre.add(amount.amountOre);
    } else {
      counts.booked_debits += 1;
      current.debitsOre.add(amount.amountOre);
      debitsOre.add(amount.amountOre);
    }
    for (const output of camtEntryRecords(state, current.context, amount.amountOre, findings, ids)) {
      if (output.kind === 'payment') {
        payments += 1;
        current.summary.payments += 1;
        netOre.add(output.record.amountOre);
      } else {
        reversals += 1;
      }
      ready.push(output);
    }
  }

  function finishStatement(state: StatementState): void {
    statement = null;
    statementDepth = -1;
    const s = state.summary;
    s.total_creditsOre = bankSumToOre(state.creditsOre.value(), findings, s.line);
    s.total_debitsOre = bankSumToOre(state.debitsOre.value(), findings, s.line);
    const find = (type: string) => s.balances.find((b) => b.type === type);
    const opening = find('OPBD') ?? find('PRCD');
    const closing = find('CLBD');
    s.opening_balanceOre = opening?.amountOre ?? null;
    s.closing_balanceOre = closing?.amountOre ?? null;
    s.statement_date = closing?.date ?? bankIsoDatePart(s.to) ?? bankIsoDatePart(s.created_at);
    if (opening && closing) {
      // Reference §2.3: OPBD (signed) + Σ booked CRDT − Σ booked DBIT = CLBD (signed).
      const expected = BigInt(opening.amountOre) + state.creditsOre.value() - state.debitsOre.value();
      s.reconciliation_status = expected === BigInt(closing.amountOre) ? 'reconciled' : 'mismatch';
      if (s.reconciliation_status === 'mismatch') {
        findings.add(
          'warning',
          'BANK_STATEMENT_BALANCE_MISMATCH',
          detail(
            'BANK_STATEMENT_BALANCE_MISMATCH',
            `${opening.amountOre} + ${state.creditsOre.value()} − ${state.debitsOre.value()} = ${expected} öre, utgående saldo är ${closing.amountOre} öre`,
          ),
          s.line,
        );
      }
    }
    statements.push(s);
  }

  return {
    write(chunk: string): void {
      if (!sawContent && chunk.trim() !== '') sawContent = true;
      parser.write(chunk);
    },
    drain(): CamtEntryOutput[] {
      return ready.splice(0, ready.length);
    },
    /** Ends the document: throws BANK_FILE_UNREADABLE for empty or malformed XML, BANK_FILE_UNKNOWN_FORMAT without camt.053. */
    finish(contentSha256: string): Camt053FileSummary {
      if (!sawContent) throw new DomainError('BANK_FILE_UNREADABLE', 'Filen är tom', { format: 'camt053', line: 1 });
      parser.close();
      if (version === null) {
        throw new DomainError('BANK_FILE_UNKNOWN_FORMAT', 'XML-filen är inte ett kontoutdrag i camt.053', { format: 'camt053', line: 1 });
      }
      if (statements.length === 0) findings.add('error', 'BANK_FILE_STRUCTURE', detail('BANK_FILE_STRUCTURE', 'kontoutdrag (Stmt) saknas'), 1);
      if (!messageId) findings.add('warning', 'BANK_FILE_INVALID_FIELD', detail('BANK_FILE_INVALID_FIELD', 'meddelande-id (GrpHdr/MsgId) saknas'), 1);
      const total_amountOre = bankSumToOre(netOre.value(), findings);
      const total_creditsOre = bankSumToOre(creditsOre.value(), findings);
      const total_debitsOre = bankSumToOre(debitsOre.value(), findings);
      const { errors, finding_counts } = findings.finish();
      return {
        format: 'camt053',
        payments,
        reversals,
        total_amountOre,
        total_creditsOre,
        total_debitsOre,
        file_identity: messageId ? `camt053:${messageId}` : `camt053:sha256-${contentSha256}`,
        content_sha256: contentSha256,
        errors,
        finding_counts,
        version,
        message_id: messageId,
        created_at: createdAt,
        statements,
      };
    },
  };
}

const LATIN1_DECLARATION = /<\?xml[^>]*encoding\s*=\s*["'](iso-8859-1|iso_8859-1|latin-?1|windows-1252|cp1252)["']/i;

/**
 * Streams an ISO 20022 camt.053 statement (001.02 and 001.08; reference §2) through a SAX parser:
 * yields each booked incoming transaction as `payment`, each booked reversal as `reversal`, then the
 * summary with statements, balances and the OPBD + credits − debits = CLBD check. Malformed XML
 * throws BANK_FILE_UNREADABLE (with line); camt.052/054 or another namespace BANK_FILE_UNKNOWN_FORMAT.
 * @example for await (const event of streamCamt053(xml)) if (event.kind === 'payment') console.log(event.record.ocr)
 */
export async function* streamCamt053(input: BankFileInput): AsyncGenerator<BankFileEvent<Camt053FileSummary>> {
  const hasher = createBankFileHasher();
  const peeked = await peekBankFileInput(input, 1024);
  const encoding = LATIN1_DECLARATION.test(peeked.sample) ? 'latin1' : 'utf-8';
  const text = decodeBankFileText(peeked.input, encoding, hasher);
  const reader = createCamt053Reader();
  for await (const chunk of text.chunks) {
    reader.write(chunk);
    yield* reader.drain();
  }
  const summary = reader.finish(hasher.hex());
  yield* reader.drain();
  yield { kind: 'end', summary };
}
