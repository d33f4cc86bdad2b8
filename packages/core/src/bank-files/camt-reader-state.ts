import type { CamtEntryOutput, CamtEntryState, CamtTxState } from './camt-entry';
import type { CamtBalanceState, CamtReportState } from './camt-report';
import {
  createBankFindingCollector,
  createBankOreSum,
  createBankTransactionIdRegistry,
  type BankFindingCollector,
  type BankOreSum,
  type BankTransactionIdRegistry,
} from './findings';
import type { Camt053StatementSummary, Camt054NotificationSummary, CamtAccount } from './types';

/** The two camt messages Fordran books from, and the elements that differ between them. */
export const CAMT_MESSAGES = {
  camt053: { number: '053', root: 'BkToCstmrStmt', report: 'Stmt', what: 'ett kontoutdrag i camt.053', reportName: 'kontoutdrag (Stmt)' },
  camt054: {
    number: '054',
    root: 'BkToCstmrDbtCdtNtfctn',
    report: 'Ntfctn',
    what: 'en avisering i camt.054',
    reportName: 'avisering (Ntfctn)',
  },
} as const;

export type CamtMessage = keyof typeof CAMT_MESSAGES;

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
export interface CamtCursor {
  report: CamtReportState | null;
  reportDepth: number;
  balance: CamtBalanceState | null;
  balanceDepth: number;
  entry: CamtEntryState | null;
  entryDepth: number;
  tx: CamtTxState | null;
  txDepth: number;
}

/** Everything a camt reader has learnt so far; the element handlers update it in place. */
export interface CamtReadState {
  message: CamtMessage;
  spec: (typeof CAMT_MESSAGES)[CamtMessage];
  options: CamtParseOptions;
  findings: BankFindingCollector;
  ids: BankTransactionIdRegistry;
  ready: CamtEntryOutput[];
  reports: CamtReportState[];
  finished: (Camt053StatementSummary | Camt054NotificationSummary)[];
  creditsOre: BankOreSum;
  debitsOre: BankOreSum;
  netOre: BankOreSum;
  /** Local names of the open elements, outermost first. */
  stack: string[];
  at: CamtCursor;
  counts: { payments: number; reversals: number; foreign: number };
  /** Text of the element being read, and its `Ccy` attribute. */
  text: string;
  currency: string | null;
  /** Where the element being opened starts (its start tag may span lines). */
  tagStartLine: number;
  sawContent: boolean;
  /** Set by the first element in a camt namespace; until then nothing is read. */
  version: string | null;
  messageId: string | null;
  createdAt: string | null;
  documentDepth: number;
  groupDepth: number;
}

export function newCamtReadState(message: CamtMessage, options: CamtParseOptions): CamtReadState {
  const findings = createBankFindingCollector();
  return {
    message,
    spec: CAMT_MESSAGES[message],
    options,
    findings,
    ids: createBankTransactionIdRegistry(findings),
    ready: [],
    reports: [],
    finished: [],
    creditsOre: createBankOreSum(),
    debitsOre: createBankOreSum(),
    netOre: createBankOreSum(),
    stack: [],
    at: { report: null, reportDepth: -1, balance: null, balanceDepth: -1, entry: null, entryDepth: -1, tx: null, txDepth: -1 },
    counts: { payments: 0, reversals: 0, foreign: 0 },
    text: '',
    currency: null,
    tagStartLine: 1,
    sawContent: false,
    version: null,
    messageId: null,
    createdAt: null,
    documentDepth: -1,
    groupDepth: -1,
  };
}

/** The path from the element at `anchor` (exclusive) down to `depth`, e.g. `Refs/EndToEndId`. */
export function camtPathBelow(state: CamtReadState, anchor: number, depth: number): string {
  return state.stack.slice(anchor + 1, depth + 1).join('/');
}
