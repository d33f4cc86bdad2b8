import type { BgMaxPendingPayment } from './bgmax-payment';
import {
  createBankFindingCollector,
  createBankOreSum,
  createBankTransactionIdRegistry,
  type BankFindingCollector,
  type BankOreSum,
  type BankTransactionIdRegistry,
} from './findings';
import type { BankPaymentRecord, BgMaxSectionSummary, BgMaxTrailerCounts } from './types';

/** A completed payment waiting to be drained: booked (`payment`) or reported only (`foreign`). */
export interface BgMaxOutput {
  kind: 'payment' | 'foreign';
  record: BankPaymentRecord;
}

/** A section between its TK05 and its TK15. */
export interface BgMaxOpenSection {
  summary: BgMaxSectionSummary;
  payments: BgMaxPendingPayment[];
  current: BgMaxPendingPayment | null;
  paymentsOre: bigint;
  deductionsOre: bigint;
  /** A record of the section could not be read: its sum check would only repeat that error. */
  damaged: boolean;
}

/** Everything a BgMax reader has learnt so far; the record readers update it in place. */
export interface BgMaxReadState {
  findings: BankFindingCollector;
  ids: BankTransactionIdRegistry;
  ready: BgMaxOutput[];
  sections: BgMaxSectionSummary[];
  /** Records seen, for the TK70 counts. */
  counts: { tk20: number; tk21: number; extra: number; tk15: number };
  creditsOre: BankOreSum;
  debitsOre: BankOreSum;
  netOre: BankOreSum;
  /** Lines with a known TK, and lines that are not blank. */
  recognized: number;
  nonBlank: number;
  startSeen: boolean;
  endLine: number | null;
  /** TK01 Skrivdag as written, and as an ISO date-time when it is valid. */
  timestamp: string | null;
  writtenAt: string | null;
  isTest: boolean | null;
  version: string | null;
  trailer: BgMaxTrailerCounts | null;
  section: BgMaxOpenSection | null;
  /** Completed payments in kronor, and in another currency. */
  payments: number;
  foreign: number;
}

export function newBgMaxReadState(): BgMaxReadState {
  const findings = createBankFindingCollector();
  return {
    findings,
    ids: createBankTransactionIdRegistry(findings),
    ready: [],
    sections: [],
    counts: { tk20: 0, tk21: 0, extra: 0, tk15: 0 },
    creditsOre: createBankOreSum(),
    debitsOre: createBankOreSum(),
    netOre: createBankOreSum(),
    recognized: 0,
    nonBlank: 0,
    startSeen: false,
    endLine: null,
    timestamp: null,
    writtenAt: null,
    isTest: null,
    version: null,
    trailer: null,
    section: null,
    payments: 0,
    foreign: 0,
  };
}
