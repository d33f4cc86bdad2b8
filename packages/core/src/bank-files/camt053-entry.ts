import { createHash } from 'node:crypto';
import type { IsoDate } from '../dates';
import { ore, type Ore } from '../money';
import { bankIsoDatePart, parseBankDecimalOre } from './amounts';
import { bankFindingMessage, type BankFindingCollector, type BankTransactionIdRegistry } from './findings';
import type { BankExtraReference, BankPaymentRecord, BankReferenceCode } from './types';

/** One `RmtInf/Strd` block. */
interface CamtStructuredRef {
  ref: string | null;
  type: string | null;
  documentNumber: string | null;
  amountText: string | null;
}

/** A `TxDtls` while it is being read. */
export interface CamtTxState {
  line: number;
  amountText: string | null;
  amountCcy: string | null;
  txAmountText: string | null;
  txAmountCcy: string | null;
  creditDebit: string | null;
  accountServicerRef: string | null;
  endToEndId: string | null;
  unstructured: string[];
  structured: CamtStructuredRef[];
  debtorName: string | null;
  ultimateDebtorName: string | null;
  addressLines: string[];
  address: Record<'StrtNm' | 'BldgNb' | 'PstCd' | 'TwnNm' | 'Ctry', string | null>;
  debtorOrgId: string | null;
  debtorIban: string | null;
  debtorOtherId: string | null;
  debtorOtherScheme: string | null;
  additionalInfo: string | null;
}

/** An `Ntry` while it is being read. */
export interface CamtEntryState {
  line: number;
  amountText: string | null;
  amountCcy: string | null;
  creditDebit: string | null;
  reversal: boolean;
  status: string | null;
  bookingDate: string | null;
  valueDate: string | null;
  accountServicerRef: string | null;
  entryRef: string | null;
  additionalInfo: string | null;
  txs: CamtTxState[];
}

export function newCamtEntry(line: number): CamtEntryState {
  return {
    line,
    amountText: null,
    amountCcy: null,
    creditDebit: null,
    reversal: false,
    status: null,
    bookingDate: null,
    valueDate: null,
    accountServicerRef: null,
    entryRef: null,
    additionalInfo: null,
    txs: [],
  };
}

export function newCamtTx(line: number): CamtTxState {
  return {
    line,
    amountText: null,
    amountCcy: null,
    txAmountText: null,
    txAmountCcy: null,
    creditDebit: null,
    accountServicerRef: null,
    endToEndId: null,
    unstructured: [],
    structured: [],
    debtorName: null,
    ultimateDebtorName: null,
    addressLines: [],
    address: { StrtNm: null, BldgNb: null, PstCd: null, TwnNm: null, Ctry: null },
    debtorOrgId: null,
    debtorIban: null,
    debtorOtherId: null,
    debtorOtherScheme: null,
    additionalInfo: null,
  };
}

/** v08 wraps the debtor in `Pty` (reference §2.2); reading both shapes as one keeps one table of paths. */
export function normalizeCamtTxPath(path: string): string {
  return path.replace(/^RltdPties\/(Dbtr|UltmtDbtr|Cdtr|UltmtCdtr)\/Pty\//, 'RltdPties/$1/');
}

/** An element opened inside a TxDtls: each `RmtInf/Strd` starts a new structured reference. */
export function openCamtTxElement(tx: CamtTxState, path: string): void {
  if (path === 'RmtInf/Strd') tx.structured.push({ ref: null, type: null, documentNumber: null, amountText: null });
}

function lastStructured(tx: CamtTxState): CamtStructuredRef {
  if (tx.structured.length === 0) openCamtTxElement(tx, 'RmtInf/Strd');
  return tx.structured[tx.structured.length - 1]!;
}

/** A leaf element of a TxDtls, by its path below `TxDtls`. */
export function readCamtTxLeaf(tx: CamtTxState, rawPath: string, text: string, ccy: string | null): void {
  const path = normalizeCamtTxPath(rawPath);
  if (text === '') return;
  if (path.startsWith('RltdPties/Dbtr/PstlAdr/')) {
    const part = path.slice('RltdPties/Dbtr/PstlAdr/'.length);
    if (part === 'AdrLine') tx.addressLines.push(text);
    else if (part in tx.address) tx.address[part as keyof CamtTxState['address']] = text;
    return;
  }
  switch (path) {
    case 'Amt':
      tx.amountText = text;
      tx.amountCcy = ccy;
      return;
    case 'AmtDtls/TxAmt/Amt':
      tx.txAmountText = text;
      tx.txAmountCcy = ccy;
      return;
    case 'CdtDbtInd':
      tx.creditDebit = text;
      return;
    case 'Refs/AcctSvcrRef':
      tx.accountServicerRef = text;
      return;
    case 'Refs/EndToEndId':
      tx.endToEndId = text;
      return;
    case 'RmtInf/Ustrd':
    case 'RmtInf/Strd/AddtlRmtInf':
      tx.unstructured.push(text);
      return;
    case 'RmtInf/Strd/CdtrRefInf/Ref':
      lastStructured(tx).ref = text;
      return;
    case 'RmtInf/Strd/CdtrRefInf/Tp/CdOrPrtry/Cd':
    case 'RmtInf/Strd/CdtrRefInf/Tp/CdOrPrtry/Prtry':
      lastStructured(tx).type ??= text.toUpperCase();
      return;
    case 'RmtInf/Strd/RfrdDocInf/Nb':
      lastStructured(tx).documentNumber ??= text;
      return;
    case 'RmtInf/Strd/RfrdDocAmt/RmtdAmt':
      lastStructured(tx).amountText = text;
      return;
    case 'RltdPties/Dbtr/Nm':
      tx.debtorName = text;
      return;
    case 'RltdPties/UltmtDbtr/Nm':
      tx.ultimateDebtorName = text;
      return;
    case 'RltdPties/Dbtr/Id/OrgId/Othr/Id':
      tx.debtorOrgId ??= text;
      return;
    case 'RltdPties/DbtrAcct/Id/IBAN':
      tx.debtorIban = text;
      return;
    case 'RltdPties/DbtrAcct/Id/Othr/Id':
      tx.debtorOtherId = text;
      return;
    case 'RltdPties/DbtrAcct/Id/Othr/SchmeNm/Cd':
    case 'RltdPties/DbtrAcct/Id/Othr/SchmeNm/Prtry':
      tx.debtorOtherScheme = text.toUpperCase();
      return;
    case 'AddtlTxInf':
      tx.additionalInfo = text;
      return;
    default:
  }
}

/** A leaf element of an Ntry (outside its TxDtls), by its path below `Ntry`. */
export function readCamtEntryLeaf(entry: CamtEntryState, path: string, text: string, ccy: string | null): void {
  if (text === '') return;
  switch (path) {
    case 'Amt':
      entry.amountText = text;
      entry.amountCcy = ccy;
      return;
    case 'CdtDbtInd':
      entry.creditDebit = text;
      return;
    case 'RvslInd':
      entry.reversal = text === 'true' || text === '1';
      return;
    case 'Sts': // v02: the code is the element's text
    case 'Sts/Cd': // v08
    case 'Sts/Prtry':
      entry.status ??= text.toUpperCase();
      return;
    case 'BookgDt/Dt':
    case 'BookgDt/DtTm':
      entry.bookingDate = text;
      return;
    case 'ValDt/Dt':
    case 'ValDt/DtTm':
      entry.valueDate = text;
      return;
    case 'AcctSvcrRef':
      entry.accountServicerRef = text;
      return;
    case 'NtryRef':
      entry.entryRef = text;
      return;
    case 'AddtlNtryInf':
      entry.additionalInfo = text;
      return;
    default:
  }
}

/** The statement an entry belongs to. */
export interface CamtStatementContext {
  accountIban: string | null;
  accountOtherId: string | null;
  accountScheme: string | null;
  currency: string | null;
  /** Used as payment date when an entry has neither BookgDt nor ValDt. */
  fallbackDate: IsoDate | null;
}

/** A record the entry produces, and whether it reverses an earlier entry. */
export interface CamtEntryOutput {
  kind: 'payment' | 'reversal';
  record: BankPaymentRecord;
}

const OCR_DIGITS = /^\d{2,25}$/;

function referenceOf(structured: CamtStructuredRef): { reference: string; code: BankReferenceCode; ocr: string | null } | null {
  if (structured.ref) {
    // SCOR = structured creditor reference; numeric SCOR is the Swedish OCR, RF… stays text (reference §2.2).
    if (structured.type === 'SCOR' && OCR_DIGITS.test(structured.ref)) return { reference: structured.ref, code: 'ocr', ocr: structured.ref };
    return { reference: structured.ref, code: 'free_text', ocr: null };
  }
  if (structured.documentNumber) return { reference: structured.documentNumber, code: 'free_text', ocr: null };
  return null;
}

function joinPresent(parts: (string | null)[], separator: string): string | null {
  const present = parts.filter((part): part is string => part !== null && part !== '');
  return present.length > 0 ? present.join(separator) : null;
}

function payerAddress(tx: CamtTxState): string | null {
  if (tx.addressLines.length > 0) return tx.addressLines.join(', ');
  const a = tx.address;
  return joinPresent([joinPresent([a.StrtNm, a.BldgNb], ' '), joinPresent([a.PstCd, a.TwnNm], ' '), a.Ctry], ', ');
}

function contentHash(parts: (string | number | null)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

/**
 * The records of one booked entry: one per TxDtls (a batch entry has many), or one for the entry.
 * Incoming money (CRDT) becomes `payment`; a reversal (RvslInd) becomes `reversal`, signed by its
 * own direction. Non-reversed DBIT transactions are outgoing money and produce nothing.
 */
export function camtEntryRecords(
  entry: CamtEntryState,
  statement: CamtStatementContext,
  entryOre: Ore,
  findings: BankFindingCollector,
  ids: BankTransactionIdRegistry,
): CamtEntryOutput[] {
  const detail = bankFindingMessage;
  const entryDirection = entry.creditDebit;
  let paidAt = bankIsoDatePart(entry.bookingDate) ?? bankIsoDatePart(entry.valueDate);
  if (!paidAt) {
    paidAt = statement.fallbackDate;
    findings.add(
      paidAt ? 'warning' : 'error',
      'INVALID_DATE',
      paidAt
        ? detail('INVALID_DATE', `posten saknar bokförings- och valutadag, kontoutdragets datum ${paidAt} används`)
        : detail('INVALID_DATE', 'posten saknar bokförings- och valutadag och lästes inte in'),
      entry.line,
    );
    if (!paidAt) return [];
  }
  const txs = entry.txs.length > 0 ? entry.txs : [newCamtTx(entry.line)];
  const account = statement.accountIban ?? statement.accountOtherId;
  const recipientBankgiro = statement.accountScheme === 'BGNR' ? statement.accountOtherId : null;
  const amounts = txs.map((tx) => tx.amountText ?? tx.txAmountText);
  if (txs.length > 1 && amounts.every((text) => text !== null)) {
    let sumOre = 0n;
    for (const [index, tx] of txs.entries()) {
      const parsed = parseBankDecimalOre(amounts[index]!);
      if (!parsed) continue;
      const direction = tx.creditDebit ?? entryDirection;
      sumOre += direction === entryDirection ? BigInt(parsed.amountOre) : -BigInt(parsed.amountOre);
    }
    if (sumOre !== BigInt(entryOre)) {
      findings.add(
        'warning',
        'BANK_FILE_TOTALS_MISMATCH',
        detail('BANK_FILE_TOTALS_MISMATCH', `transaktionerna summerar till ${sumOre} öre, posten är ${entryOre} öre`),
        entry.line,
      );
    }
  }
  const outputs: CamtEntryOutput[] = [];
  txs.forEach((tx, index) => {
    let amountOre: Ore;
    const text = amounts[index] ?? null;
    if (text !== null) {
      const parsed = parseBankDecimalOre(text);
      if (!parsed) {
        findings.add('error', 'INVALID_AMOUNT', detail('INVALID_AMOUNT', `"${text}" (transaktionen lästes inte in)`), tx.line);
        return;
      }
      if (parsed.rounded) findings.add('warning', 'TOO_MANY_DECIMALS', detail('TOO_MANY_DECIMALS', `"${text}" avrundades till hela öre`), tx.line);
      amountOre = parsed.amountOre;
    } else if (txs.length === 1) {
      amountOre = entryOre;
    } else {
      findings.add('error', 'INVALID_AMOUNT', detail('INVALID_AMOUNT', 'transaktionen i en samlingspost saknar belopp och lästes inte in'), tx.line);
      return;
    }
    const direction = tx.creditDebit ?? entryDirection;
    if (!entry.reversal && direction !== 'CRDT') {
      if (entryDirection === 'CRDT') {
        findings.add('warning', 'BANK_FILE_RECORD_IGNORED', detail('BANK_FILE_RECORD_IGNORED', 'debettransaktion i en kreditpost'), tx.line);
      }
      return;
    }
    const refs = tx.structured.flatMap((block) => {
      const ref = referenceOf(block);
      return ref ? [{ ...ref, amountText: block.amountText }] : [];
    });
    const [main, ...rest] = refs;
    const unstructured = joinPresent(tx.unstructured, '\n');
    const extras: BankExtraReference[] = rest.map((ref) => {
      const parsed = ref.amountText ? parseBankDecimalOre(ref.amountText) : null;
      return { reference: ref.reference, amountOre: parsed?.amountOre ?? ore(0), reference_code: ref.code };
    });
    const signedOre = direction === 'DBIT' ? ore(-amountOre) || ore(0) : amountOre;
    const payerAccount = tx.debtorIban ?? tx.debtorOtherId;
    const endToEnd = tx.endToEndId && tx.endToEndId.toUpperCase() !== 'NOTPROVIDED' ? tx.endToEndId : null;
    const reference = main?.reference ?? (unstructured ? unstructured.replace(/\n/g, ' ') : null);
    let id: string;
    if (tx.accountServicerRef) id = `camt053:${account ?? '-'}:${tx.accountServicerRef}`;
    else if (entry.accountServicerRef) id = `camt053:${account ?? '-'}:${entry.accountServicerRef}${entry.txs.length > 0 ? `:${index + 1}` : ''}`;
    else if (endToEnd) id = `camt053:${account ?? '-'}:e2e:${endToEnd}:${paidAt}:${signedOre}`;
    else {
      findings.add(
        'warning',
        'BANK_FILE_INVALID_FIELD',
        detail('BANK_FILE_INVALID_FIELD', 'bankens referens (AcctSvcrRef) saknas, transaktionens id räknas fram ur innehållet'),
        tx.line,
      );
      id = `camt053:${account ?? '-'}:sha256-${contentHash([paidAt, signedOre, reference, tx.debtorName, entry.entryRef, unstructured])}`;
    }
    const record: BankPaymentRecord = {
      format: 'camt053',
      line: tx.line,
      transaction_id: ids.claim(id, tx.line),
      amountOre: signedOre,
      currency: tx.amountCcy ?? tx.txAmountCcy ?? entry.amountCcy ?? statement.currency ?? 'SEK',
      paid_at: paidAt,
      reference,
      reference_code: main?.code ?? (unstructured ? 'free_text' : 'none'),
      ocr: main?.ocr ?? null,
      message: unstructured ?? tx.additionalInfo ?? (entry.txs.length <= 1 ? entry.additionalInfo : null),
      payer_name: tx.debtorName ?? tx.ultimateDebtorName,
      payer_address: payerAddress(tx),
      payer_bankgiro: tx.debtorOtherScheme === 'BGNR' ? tx.debtorOtherId : null,
      payer_org_no: tx.debtorOrgId,
      payer_account: payerAccount,
      extra_references: extras,
      recipient_bankgiro: recipientBankgiro,
      recipient_account: account,
      bank_reference: tx.accountServicerRef ?? entry.accountServicerRef ?? endToEnd,
      is_deduction: false,
      is_reversal: entry.reversal,
    };
    if (entry.reversal) {
      findings.add(
        'info',
        'BANK_FILE_REVERSAL',
        detail('BANK_FILE_REVERSAL', `${direction === 'DBIT' ? 'en inbetalning' : 'en utbetalning'} återförs`),
        tx.line,
      );
    }
    outputs.push({ kind: entry.reversal ? 'reversal' : 'payment', record });
  });
  return outputs;
}
