import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import type { IsoDate } from '../dates';
import { DomainError } from '../errors';
import { isOre, oreToDecimal, type Ore } from '../money';
import { BANK_BOOKING_CURRENCY, isBankBookingCurrency } from './currency';

/*
 * Writes camt.053 statements and camt.054 notifications (001.02 or 001.08; reference §2.2, §2.5)
 * from plain data: for the demo's bank files, and for tests that send any set of transactions
 * through both messages. Only the paths the parsers read are written, in schema order.
 */

export type CamtWriterVersion = '001.02' | '001.08';
export type CamtDirection = 'CRDT' | 'DBIT';

/** One `TxDtls`. */
export interface CamtWriterTransaction {
  /** Unsigned öre (minor units of `currency`). */
  amountOre: Ore;
  /** Default: the entry's currency. */
  currency?: string;
  /** Default: the entry's direction. */
  direction?: CamtDirection;
  account_servicer_ref?: string | null;
  end_to_end_id?: string | null;
  /** Written as an SCOR structured creditor reference. */
  ocr?: string | null;
  /** `RmtInf/Ustrd` lines. */
  unstructured?: string[];
  debtor_name?: string | null;
  debtor_iban?: string | null;
  /** Adds `RtrInf`: money coming back (a returned payment). */
  returned?: boolean;
}

/** One `Ntry`; its amount is the sum of its transactions (by direction) unless given. */
export interface CamtWriterEntry {
  direction: CamtDirection;
  currency?: string;
  amountOre?: Ore;
  status?: 'BOOK' | 'PDNG' | 'INFO';
  reversal?: boolean;
  booking_date: IsoDate;
  value_date?: IsoDate;
  account_servicer_ref?: string | null;
  /** `BkTxCd/Domn/Fmly/SubFmlyCd` under PMNT/RCDT, e.g. RRTN for a return. */
  sub_family?: string | null;
  additional_info?: string | null;
  transactions: CamtWriterTransaction[];
}

/** The account of a report: an IBAN, or another id with its scheme (BGNR for a bankgiro number, BBAN). */
export interface CamtWriterAccount {
  iban?: string;
  other_id?: string;
  scheme?: string;
}

/** A camt.053 `Stmt` or a camt.054 `Ntfctn`. */
export interface CamtWriterReport {
  id: string;
  created_at: string;
  account: CamtWriterAccount;
  /** Default SEK. */
  currency?: string;
  entries: CamtWriterEntry[];
  /** camt.053 only: OPBD (signed); CLBD is computed from the booked SEK entries unless given. */
  opening_balanceOre?: Ore;
  closing_balanceOre?: Ore;
  balance_date?: IsoDate;
}

export interface CamtWriterFile {
  version: CamtWriterVersion;
  message_id: string;
  created_at: string;
  reports: CamtWriterReport[];
}

const ROOTS = { '053': { root: 'BkToCstmrStmt', report: 'Stmt' }, '054': { root: 'BkToCstmrDbtCdtNtfctn', report: 'Ntfctn' } } as const;

function checkAmount(amountOre: Ore, path: string): void {
  if (!isOre(amountOre) || amountOre < 0) throw new DomainError('VALIDATION_FAILED', `${path}: beloppet måste vara ett icke-negativt antal öre`);
}

function amountElement(parent: XMLBuilder, amountOre: Ore, currency: string): void {
  parent.ele('Amt', { Ccy: currency }).txt(oreToDecimal(amountOre));
}

/** The entry's amount: as given, else its transactions netted by direction (must not be negative). */
function entryAmount(entry: CamtWriterEntry, path: string): Ore {
  if (entry.amountOre !== undefined) {
    checkAmount(entry.amountOre, path);
    return entry.amountOre;
  }
  let total = 0;
  for (const tx of entry.transactions) total += (tx.direction ?? entry.direction) === entry.direction ? tx.amountOre : -tx.amountOre;
  if (total < 0) throw new DomainError('VALIDATION_FAILED', `${path}: transaktionerna summerar till ett negativt belopp`);
  return total as Ore;
}

function writeTransaction(parent: XMLBuilder, version: CamtWriterVersion, entry: CamtWriterEntry, tx: CamtWriterTransaction, path: string): void {
  checkAmount(tx.amountOre, path);
  const currency = tx.currency ?? entry.currency ?? BANK_BOOKING_CURRENCY;
  const element = parent.ele('TxDtls');
  if (tx.account_servicer_ref || tx.end_to_end_id) {
    const refs = element.ele('Refs');
    if (tx.account_servicer_ref) refs.ele('AcctSvcrRef').txt(tx.account_servicer_ref);
    refs.ele('EndToEndId').txt(tx.end_to_end_id ?? 'NOTPROVIDED');
  }
  // v02 has no TxDtls/Amt: the amount goes in AmtDtls/TxAmt (reference §2.2).
  if (version === '001.08') {
    amountElement(element, tx.amountOre, currency);
    element.ele('CdtDbtInd').txt(tx.direction ?? entry.direction);
  } else {
    amountElement(element.ele('AmtDtls').ele('TxAmt'), tx.amountOre, currency);
  }
  if (tx.debtor_name || tx.debtor_iban) {
    const parties = element.ele('RltdPties');
    if (tx.debtor_name) {
      const debtor = parties.ele('Dbtr');
      (version === '001.08' ? debtor.ele('Pty') : debtor).ele('Nm').txt(tx.debtor_name);
    }
    if (tx.debtor_iban) parties.ele('DbtrAcct').ele('Id').ele('IBAN').txt(tx.debtor_iban);
  }
  if (tx.ocr || (tx.unstructured && tx.unstructured.length > 0)) {
    const remittance = element.ele('RmtInf');
    for (const line of tx.unstructured ?? []) remittance.ele('Ustrd').txt(line);
    if (tx.ocr) {
      const reference = remittance.ele('Strd').ele('CdtrRefInf');
      reference.ele('Tp').ele('CdOrPrtry').ele('Cd').txt('SCOR');
      reference.ele('Ref').txt(tx.ocr);
    }
  }
  if (tx.returned) element.ele('RtrInf').ele('Rsn').ele('Cd').txt('AC04');
}

function writeEntry(parent: XMLBuilder, version: CamtWriterVersion, entry: CamtWriterEntry, path: string): void {
  const element = parent.ele('Ntry');
  amountElement(element, entryAmount(entry, path), entry.currency ?? BANK_BOOKING_CURRENCY);
  element.ele('CdtDbtInd').txt(entry.direction);
  if (entry.reversal) element.ele('RvslInd').txt('true');
  const status = entry.status ?? 'BOOK';
  if (version === '001.08') element.ele('Sts').ele('Cd').txt(status);
  else element.ele('Sts').txt(status);
  element.ele('BookgDt').ele('Dt').txt(entry.booking_date);
  element
    .ele('ValDt')
    .ele('Dt')
    .txt(entry.value_date ?? entry.booking_date);
  if (entry.account_servicer_ref) element.ele('AcctSvcrRef').txt(entry.account_servicer_ref);
  const family = element.ele('BkTxCd').ele('Domn');
  family.ele('Cd').txt('PMNT');
  const fmly = family.ele('Fmly');
  fmly.ele('Cd').txt(entry.direction === 'CRDT' ? 'RCDT' : 'ICDT');
  fmly.ele('SubFmlyCd').txt(entry.sub_family ?? 'DMCT');
  if (entry.transactions.length > 0) {
    const details = element.ele('NtryDtls');
    if (entry.transactions.length > 1) details.ele('Btch').ele('NbOfTxs').txt(String(entry.transactions.length));
    entry.transactions.forEach((tx, index) => writeTransaction(details, version, entry, tx, `${path}.transactions[${index}]`));
  }
  if (entry.additional_info) element.ele('AddtlNtryInf').txt(entry.additional_info);
}

function writeBalance(parent: XMLBuilder, type: 'OPBD' | 'CLBD', amountOre: number, currency: string, date: IsoDate): void {
  const balance = parent.ele('Bal');
  balance.ele('Tp').ele('CdOrPrtry').ele('Cd').txt(type);
  amountElement(balance, Math.abs(amountOre) as Ore, currency);
  balance.ele('CdtDbtInd').txt(amountOre < 0 ? 'DBIT' : 'CRDT');
  balance.ele('Dt').ele('Dt').txt(date);
}

/** CLBD = OPBD + Σ booked SEK CRDT − Σ booked SEK DBIT (reference §2.3). */
function closingBalance(report: CamtWriterReport, opening: number): number {
  let closing = opening;
  report.entries.forEach((entry, index) => {
    if ((entry.status ?? 'BOOK') !== 'BOOK' || !isBankBookingCurrency(entry.currency ?? null)) return;
    const amount = entryAmount(entry, `reports.entries[${index}]`);
    closing += entry.direction === 'CRDT' ? amount : -amount;
  });
  return closing;
}

function writeReport(parent: XMLBuilder, message: '053' | '054', version: CamtWriterVersion, report: CamtWriterReport, path: string): void {
  const element = parent.ele(ROOTS[message].report);
  element.ele('Id').txt(report.id);
  element.ele('CreDtTm').txt(report.created_at);
  const account = element.ele('Acct');
  const id = account.ele('Id');
  if (report.account.iban) id.ele('IBAN').txt(report.account.iban);
  else {
    const other = id.ele('Othr');
    other.ele('Id').txt(report.account.other_id ?? '');
    if (report.account.scheme) other.ele('SchmeNm').ele('Prtry').txt(report.account.scheme);
  }
  const currency = report.currency ?? BANK_BOOKING_CURRENCY;
  account.ele('Ccy').txt(currency);
  if (message === '053') {
    const opening = report.opening_balanceOre ?? 0;
    const date = report.balance_date ?? report.entries[0]?.booking_date ?? report.created_at.slice(0, 10);
    writeBalance(element, 'OPBD', opening, currency, date);
    writeBalance(element, 'CLBD', report.closing_balanceOre ?? closingBalance(report, opening), currency, date);
  }
  report.entries.forEach((entry, index) => writeEntry(element, version, entry, `${path}.entries[${index}]`));
}

function writeCamt(message: '053' | '054', file: CamtWriterFile): string {
  const document = create({ version: '1.0', encoding: 'UTF-8' }).ele(`urn:iso:std:iso:20022:tech:xsd:camt.${message}.${file.version}`, 'Document');
  const root = document.ele(ROOTS[message].root);
  const header = root.ele('GrpHdr');
  header.ele('MsgId').txt(file.message_id);
  header.ele('CreDtTm').txt(file.created_at);
  file.reports.forEach((report, index) => writeReport(root, message, file.version, report, `reports[${index}]`));
  return document.end({ prettyPrint: true });
}

/**
 * A camt.053 statement per report, with OPBD and a CLBD that reconciles unless one is given.
 * @example writeCamt053({ version: '001.02', message_id: 'M1', created_at: '2026-11-24T18:00:00', reports: [...] })
 */
export function writeCamt053(file: CamtWriterFile): string {
  return writeCamt('053', file);
}

/**
 * A camt.054 notification per report (no balances).
 * @example writeCamt054({ version: '001.08', message_id: 'N1', created_at: '2026-11-24T10:00:00', reports: [...] })
 */
export function writeCamt054(file: CamtWriterFile): string {
  return writeCamt('054', file);
}
