import { createHash } from 'node:crypto';
import type { IsoDate } from '../dates';
import { ore, type Ore } from '../money';
import { bankIsoDatePart, parseBankDecimalOre } from './amounts';
import { bankFindingMessage, type BankFindingCollector, type BankTransactionIdRegistry } from './findings';
import { BANK_BOOKING_CURRENCY, isBankBookingCurrency, reportForeignAmount } from './currency';
import type { BankExtraReference, BankPaymentRecord, BankReferenceCode, BankReportedKind, BankTransactionIdentity } from './types';

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
  /** `BkTxCd/Domn/Fmly/SubFmlyCd`, e.g. RRTN for a returned payment. */
  subFamily: string | null;
  /** The transaction carries `RtrInf`: money coming back, not a payment to the agency. */
  returned: boolean;
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
  subFamily: string | null;
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
    subFamily: null,
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
    subFamily: null,
    returned: false,
  };
}

/** v08 wraps the debtor in `Pty` (reference §2.2); reading both shapes as one keeps one table of paths. */
export function normalizeCamtTxPath(path: string): string {
  return path.replace(/^RltdPties\/(Dbtr|UltmtDbtr|Cdtr|UltmtCdtr)\/Pty\//, 'RltdPties/$1/');
}

/** An element opened inside a TxDtls: each `RmtInf/Strd` starts a new structured reference. */
export function openCamtTxElement(tx: CamtTxState, path: string): void {
  if (path === 'RmtInf/Strd') tx.structured.push({ ref: null, type: null, documentNumber: null, amountText: null });
  else if (path === 'RtrInf') tx.returned = true;
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
    case 'BkTxCd/Domn/Fmly/SubFmlyCd':
      tx.subFamily = text.toUpperCase();
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
    case 'BkTxCd/Domn/Fmly/SubFmlyCd':
      entry.subFamily = text.toUpperCase();
      return;
    default:
  }
}

/** The statement (camt.053) or notification (camt.054) an entry belongs to. */
export interface CamtReportContext {
  format: 'camt053' | 'camt054';
  /** The account as the file names it (IBAN, else `Othr/Id`), for `recipient_account`. */
  account: string | null;
  /** What transaction ids are scoped by: the same account must give the same key in every file. */
  accountKey: string;
  /** The account's `Othr/Id` when its scheme says it is a bankgiro number. */
  recipientBankgiro: string | null;
  /** Used as payment date when an entry has neither BookgDt nor ValDt. */
  fallbackDate: IsoDate | null;
}

/** A record the entry produces and how it is to be treated (see BankFileEvent). */
export interface CamtEntryOutput {
  kind: 'payment' | BankReportedKind;
  record: BankPaymentRecord;
}

const OCR_DIGITS = /^\d{2,25}$/;
/**
 * Bank transaction sub-family codes of money coming back rather than paid to the agency: RRTN
 * reversal due to a return, RPCR reversal due to a payment cancellation request (ISO external
 * code list; reference §2.5). A transaction with `RtrInf` is treated the same.
 */
const RETURN_SUB_FAMILIES = new Set(['RRTN', 'RPCR']);

/** An amount as the file writes it, with its currency (null when the attribute is missing: SEK assumed). */
interface CamtAmountText {
  text: string;
  ccy: string | null;
}

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
 * The transaction's amount: the first of TxDtls/Amt, AmtDtls/TxAmt and (for a single-transaction
 * entry) the entry's Amt that is in SEK, else the first there is, in its own currency.
 */
function transactionAmount(entry: CamtEntryState, tx: CamtTxState, single: boolean): CamtAmountText | null {
  const candidates: CamtAmountText[] = [];
  if (tx.amountText !== null) candidates.push({ text: tx.amountText, ccy: tx.amountCcy });
  if (tx.txAmountText !== null) candidates.push({ text: tx.txAmountText, ccy: tx.txAmountCcy });
  if (single && entry.amountText !== null) candidates.push({ text: entry.amountText, ccy: entry.amountCcy });
  return candidates.find((candidate) => isBankBookingCurrency(candidate.ccy)) ?? candidates[0] ?? null;
}

/**
 * The transaction's identity (docs/bank-files.md "One booking per bank transaction"): the bank's
 * reference, else EndToEndId with date, amount and reference, else a hash of the content. Both
 * camt messages use the same ids, so a camt.054 notification and the camt.053 statement that
 * repeats it name the transaction alike.
 */
function transactionIdentity(
  context: CamtReportContext,
  entry: CamtEntryState,
  tx: CamtTxState,
  index: number,
  facts: { paidAt: IsoDate; signedOre: Ore; ocr: string | null; reference: string | null; unstructured: string | null },
): { id: string; identity: BankTransactionIdentity } {
  const scope = `camt:${context.accountKey}`;
  if (tx.accountServicerRef) return { id: `${scope}:${tx.accountServicerRef}`, identity: 'bank_reference' };
  if (entry.accountServicerRef) {
    return { id: `${scope}:${entry.accountServicerRef}${entry.txs.length > 0 ? `:${index + 1}` : ''}`, identity: 'bank_reference' };
  }
  const endToEnd = tx.endToEndId && tx.endToEndId.toUpperCase() !== 'NOTPROVIDED' ? tx.endToEndId : null;
  if (endToEnd) {
    return { id: `${scope}:e2e:${endToEnd}:${facts.paidAt}:${facts.signedOre}:${facts.ocr ?? facts.reference ?? ''}`, identity: 'end_to_end' };
  }
  const hash = contentHash([facts.paidAt, facts.signedOre, facts.reference, tx.debtorName, entry.entryRef, facts.unstructured]);
  return { id: `${scope}:sha256-${hash}`, identity: 'content' };
}

/** What a record is: reversal, returned payment, foreign amount, or a payment to book. */
function outputKind(entry: CamtEntryState, tx: CamtTxState, currency: string | null): CamtEntryOutput['kind'] {
  if (entry.reversal) return 'reversal';
  if (tx.returned || RETURN_SUB_FAMILIES.has(tx.subFamily ?? entry.subFamily ?? '')) return 'returned';
  return isBankBookingCurrency(currency) ? 'payment' : 'foreign';
}

/** Reported records say why they are not booked (reversals are reported by the caller, after linking). */
function reportOutput(kind: CamtEntryOutput['kind'], amount: CamtAmountText, direction: string, line: number, findings: BankFindingCollector): void {
  const detail = bankFindingMessage;
  const money = `${amount.text} ${amount.ccy ?? BANK_BOOKING_CURRENCY}`;
  if (kind === 'reversal') {
    findings.add(
      'info',
      'BANK_FILE_REVERSAL',
      detail('BANK_FILE_REVERSAL', `${direction === 'DBIT' ? 'en inbetalning' : 'en utbetalning'} på ${money} återförs`),
      line,
    );
  } else if (kind === 'returned') {
    findings.add('warning', 'BANK_FILE_RETURNED', detail('BANK_FILE_RETURNED', money), line);
  } else if (kind === 'foreign') {
    reportForeignAmount(findings, amount.text, amount.ccy ?? BANK_BOOKING_CURRENCY, line);
  }
}

/** The sum of a batch's transactions against the entry's amount (same currency only). */
function checkBatchSum(entry: CamtEntryState, amounts: (CamtAmountText | null)[], entryOre: Ore, findings: BankFindingCollector): void {
  if (entry.txs.length <= 1 || amounts.some((amount) => amount === null || amount.ccy !== entry.amountCcy)) return;
  let sumOre = 0n;
  entry.txs.forEach((tx, index) => {
    const parsed = parseBankDecimalOre(amounts[index]!.text);
    if (!parsed) return;
    const direction = tx.creditDebit ?? entry.creditDebit;
    sumOre += direction === entry.creditDebit ? BigInt(parsed.amountOre) : -BigInt(parsed.amountOre);
  });
  if (sumOre !== BigInt(entryOre)) {
    findings.add(
      'warning',
      'BANK_FILE_TOTALS_MISMATCH',
      bankFindingMessage('BANK_FILE_TOTALS_MISMATCH', `transaktionerna summerar till ${sumOre} öre, posten är ${entryOre} öre`),
      entry.line,
    );
  }
}

/** The entry's payment date: booking date, else value date, else the report's date (a warning); null (an error) when there is none. */
function entryPaidAt(entry: CamtEntryState, context: CamtReportContext, findings: BankFindingCollector): IsoDate | null {
  const paidAt = bankIsoDatePart(entry.bookingDate) ?? bankIsoDatePart(entry.valueDate);
  if (paidAt) return paidAt;
  const fallback = context.fallbackDate;
  findings.add(
    fallback ? 'warning' : 'error',
    'INVALID_DATE',
    fallback
      ? bankFindingMessage('INVALID_DATE', `posten saknar bokförings- och valutadag, rapportens datum ${fallback} används`)
      : bankFindingMessage('INVALID_DATE', 'posten saknar bokförings- och valutadag och lästes inte in'),
    entry.line,
  );
  return fallback;
}

/** The transaction's amount in öre, or null (with an error) when it has none or it cannot be read. */
function transactionOre(amount: CamtAmountText | null, line: number, findings: BankFindingCollector): Ore | null {
  const detail = bankFindingMessage;
  if (amount === null) {
    findings.add('error', 'INVALID_AMOUNT', detail('INVALID_AMOUNT', 'transaktionen i en samlingspost saknar belopp och lästes inte in'), line);
    return null;
  }
  const parsed = parseBankDecimalOre(amount.text);
  if (!parsed) {
    findings.add('error', 'INVALID_AMOUNT', detail('INVALID_AMOUNT', `"${amount.text}" (transaktionen lästes inte in)`), line);
    return null;
  }
  if (parsed.rounded) findings.add('warning', 'TOO_MANY_DECIMALS', detail('TOO_MANY_DECIMALS', `"${amount.text}" avrundades till hela öre`), line);
  return parsed.amountOre;
}

/** What a transaction says it pays: the first structured reference is the main one, the others are extra references. */
interface CamtTxReferences {
  reference: string | null;
  referenceCode: BankReferenceCode;
  ocr: string | null;
  unstructured: string | null;
  extras: BankExtraReference[];
}

function transactionReferences(tx: CamtTxState): CamtTxReferences {
  const refs = tx.structured.flatMap((block) => {
    const ref = referenceOf(block);
    return ref ? [{ ...ref, amountText: block.amountText }] : [];
  });
  const [main, ...rest] = refs;
  const unstructured = joinPresent(tx.unstructured, '\n');
  const extras: BankExtraReference[] = rest.map((ref) => {
    const extra = ref.amountText ? parseBankDecimalOre(ref.amountText) : null;
    return { reference: ref.reference, amountOre: extra?.amountOre ?? ore(0), reference_code: ref.code };
  });
  return {
    reference: main?.reference ?? (unstructured ? unstructured.replace(/\n/g, ' ') : null),
    referenceCode: main?.code ?? (unstructured ? 'free_text' : 'none'),
    ocr: main?.ocr ?? null,
    unstructured,
    extras,
  };
}

/** One transaction of an entry on its way to a record. */
interface CamtTransaction {
  entry: CamtEntryState;
  tx: CamtTxState;
  index: number;
  context: CamtReportContext;
  paidAt: IsoDate;
}

/** The transaction's record, with its id claimed in the file. */
function transactionRecord(
  { entry, tx, context, paidAt }: CamtTransaction,
  facts: { id: string; identity: BankTransactionIdentity; signedOre: Ore; currency: string | null; refs: CamtTxReferences },
  ids: BankTransactionIdRegistry,
): BankPaymentRecord {
  const { refs } = facts;
  const endToEnd = tx.endToEndId && tx.endToEndId.toUpperCase() !== 'NOTPROVIDED' ? tx.endToEndId : null;
  return {
    format: context.format,
    line: tx.line,
    transaction_id: ids.claim(facts.id, tx.line),
    identity: facts.identity,
    amountOre: facts.signedOre,
    currency: (facts.currency ?? BANK_BOOKING_CURRENCY).toUpperCase(),
    paid_at: paidAt,
    reference: refs.reference,
    reference_code: refs.referenceCode,
    ocr: refs.ocr,
    message: refs.unstructured ?? tx.additionalInfo ?? (entry.txs.length <= 1 ? entry.additionalInfo : null),
    payer_name: tx.debtorName ?? tx.ultimateDebtorName,
    payer_address: payerAddress(tx),
    payer_bankgiro: tx.debtorOtherScheme === 'BGNR' ? tx.debtorOtherId : null,
    payer_org_no: tx.debtorOrgId,
    payer_account: tx.debtorIban ?? tx.debtorOtherId,
    extra_references: refs.extras,
    recipient_bankgiro: context.recipientBankgiro,
    recipient_account: context.account,
    bank_reference: tx.accountServicerRef ?? entry.accountServicerRef ?? endToEnd,
    is_deduction: false,
    is_reversal: entry.reversal,
  };
}

/** The transaction's output; null when it cannot be read or is outgoing money (DBIT, not reversed). */
function transactionOutput(
  transaction: CamtTransaction,
  amount: CamtAmountText | null,
  findings: BankFindingCollector,
  ids: BankTransactionIdRegistry,
): CamtEntryOutput | null {
  const { entry, tx, index, context, paidAt } = transaction;
  const amountOre = transactionOre(amount, tx.line, findings);
  if (amount === null || amountOre === null) return null;
  const direction = tx.creditDebit ?? entry.creditDebit ?? 'CRDT';
  if (!entry.reversal && direction !== 'CRDT') {
    if (entry.creditDebit === 'CRDT') {
      findings.add('warning', 'BANK_FILE_RECORD_IGNORED', bankFindingMessage('BANK_FILE_RECORD_IGNORED', 'debettransaktion i en kreditpost'), tx.line);
    }
    return null;
  }
  const refs = transactionReferences(tx);
  const signedOre = direction === 'DBIT' ? ore(-amountOre) || ore(0) : amountOre;
  const facts = { paidAt, signedOre, ocr: refs.ocr, reference: refs.reference, unstructured: refs.unstructured };
  const { id, identity } = transactionIdentity(context, entry, tx, index, facts);
  if (identity === 'content') {
    findings.add(
      'warning',
      'BANK_FILE_INVALID_FIELD',
      bankFindingMessage('BANK_FILE_INVALID_FIELD', 'bankens referens (AcctSvcrRef) saknas, transaktionens id räknas fram ur innehållet'),
      tx.line,
    );
  }
  const kind = outputKind(entry, tx, amount.ccy);
  reportOutput(kind, amount, direction, tx.line, findings);
  return { kind, record: transactionRecord(transaction, { id, identity, signedOre, currency: amount.ccy, refs }, ids) };
}

/**
 * The records of one booked entry: one per TxDtls (a batch entry has many), or one for the entry.
 * Incoming money (CRDT) in SEK becomes `payment`; a reversal (RvslInd) `reversal`, signed by its own
 * direction; money returned to the agency `returned`; an amount in another currency `foreign`.
 * Non-reversed DBIT transactions are outgoing money and produce nothing.
 */
export function camtEntryRecords(
  entry: CamtEntryState,
  context: CamtReportContext,
  entryOre: Ore,
  findings: BankFindingCollector,
  ids: BankTransactionIdRegistry,
): CamtEntryOutput[] {
  const paidAt = entryPaidAt(entry, context, findings);
  if (!paidAt) return [];
  const txs = entry.txs.length > 0 ? entry.txs : [newCamtTx(entry.line)];
  const amounts = txs.map((tx) => transactionAmount(entry, tx, txs.length === 1));
  checkBatchSum(entry, amounts, entryOre, findings);
  const outputs: CamtEntryOutput[] = [];
  txs.forEach((tx, index) => {
    const output = transactionOutput({ entry, tx, index, context, paidAt }, amounts[index] ?? null, findings, ids);
    if (output) outputs.push(output);
  });
  return outputs;
}
