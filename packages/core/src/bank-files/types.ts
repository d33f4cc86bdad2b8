import type { Finding } from '../errors';
import type { BANK_IMPORT_FORMATS } from './bank-codes';
import type { IsoDate } from '../dates';
import type { Ore } from '../money';

/**
 * The bank file formats Fordran reads (part 2 §"Bank file formats"; `lb` is not an incoming-payment
 * file): BgMax, camt.053 statements, camt.054 credit notifications (reference §2.5) and CSV.
 */
export type BankFileFormat = (typeof BANK_IMPORT_FORMATS)[number];

/**
 * How surely a transaction id names the same bank transaction when it comes again in another file:
 * `bank_reference` — the bank's own reference (BgMax BGC-löpnummer, camt AcctSvcrRef, a CSV id
 * column); `end_to_end` — camt EndToEndId with amount, date and reference; `content` — a hash of
 * what the line says, which two genuinely separate payments can share.
 */
export type BankTransactionIdentity = 'bank_reference' | 'end_to_end' | 'content';

/** One chunk of a bank file as the service layer streams it: raw bytes or already decoded text. */
export type BankFileChunk = string | Uint8Array;

/** A whole file, or its chunks in order (sync or async), e.g. a Node read stream. */
export type BankFileInput = BankFileChunk | Iterable<BankFileChunk> | AsyncIterable<BankFileChunk>;

/**
 * What the payer's reference is. BgMax Referenskod (reference §1.3): 0/1 → none, 2 → ocr,
 * 3 → multiple, 4 → free_text, 5 → invalid_ocr. camt.053: a numeric SCOR creditor reference → ocr.
 */
export type BankReferenceCode = 'none' | 'ocr' | 'free_text' | 'multiple' | 'invalid_ocr';

/** BgMax Betalningskanalkod (reference §1.3): 1 internet bank, 2 Leverantörsbetalningar, 3 paper form, 4 Autogiro. */
export type BgMaxChannelCode = 'internet_bank' | 'supplier_payments' | 'paper_form' | 'autogiro';

/** BgMax Avdragskod on TK21 (reference §1.3): 0 whole, 1 partial with remainder, 2 final partial. */
export type BgMaxDeductionCode = 'full' | 'partial' | 'final_partial';

/** A reference beyond the first (BgMax TK22/TK23, camt extra Strd blocks). TK23 amounts are negative. */
export interface BankExtraReference {
  reference: string;
  amountOre: Ore;
  reference_code: BankReferenceCode;
}

/** BgMax TK27/TK28 address parts, kept apart as well as joined into `payer_address`. */
export interface BankPayerAddressParts {
  street: string | null;
  postcode: string | null;
  city: string | null;
  country: string | null;
  country_code: string | null;
}

/** One incoming payment (or BgMax deduction, or camt reversal), whatever the file format. */
export interface BankPaymentRecord {
  format: BankFileFormat;
  /** 1-based line of the record in the file (camt: the line where `<TxDtls>` or `<Ntry>` starts). */
  line: number;
  /**
   * Identity of the transaction for idempotent import; unique within one file. camt.053 and
   * camt.054 give the same transaction the same id, so a notification and the evening's statement
   * book it once.
   */
  transaction_id: string;
  identity: BankTransactionIdentity;
  /** Signed öre: positive for money in; BgMax TK21 deductions and reversed credits negative. */
  amountOre: Ore;
  currency: string;
  /** BgMax: the section's TK15 Betalningsdag; camt: BookgDt (else ValDt); CSV: the date column. */
  paid_at: IsoDate;
  reference: string | null;
  reference_code: BankReferenceCode;
  /** Only a reference that is an OCR number (BgMax code 2, camt numeric SCOR, CSV ocr column passing Luhn). */
  ocr: string | null;
  /** BgMax TK25 lines / camt Ustrd lines, joined with a newline. */
  message: string | null;
  payer_name: string | null;
  payer_address: string | null;
  payer_address_parts?: BankPayerAddressParts;
  payer_bankgiro: string | null;
  payer_org_no: string | null;
  /** camt: DbtrAcct IBAN/Othr; null elsewhere unless a CSV column maps it. */
  payer_account: string | null;
  extra_references: BankExtraReference[];
  recipient_bankgiro: string | null;
  recipient_account: string | null;
  /** The bank's own id for the transaction: BGC-löpnummer, AcctSvcrRef/EndToEndId, CSV id. */
  bank_reference: string | null;
  is_deduction: boolean;
  /** camt RvslInd=true: reverses an earlier entry (yielded as a `reversal` event, never as a payment). */
  is_reversal: boolean;
  deduction_code?: BgMaxDeductionCode;
  channel_code?: BgMaxChannelCode;
  has_image?: boolean;
}

/** How bad a finding is: `error` means totals cannot be trusted, the import should be refused or reviewed. */
export type BankFileFindingSeverity = 'error' | 'warning' | 'info';

/** A line-numbered problem found while parsing a bank file. */
export interface BankFileFinding extends Finding {
  severity: BankFileFindingSeverity;
}

/** Fields every summary has, for idempotency and the bank_statements table. */
export interface BankFileSummaryBase {
  format: BankFileFormat;
  /** Records yielded as `payment` events (BgMax: TK20 + TK21). */
  payments: number;
  /** Records yielded as `reversal` events (camt only). */
  reversals: number;
  /** Records in another currency than SEK, yielded as `foreign` events and left out of every total. */
  foreign: number;
  /** Σ amountOre of the yielded payments (deductions negative). */
  total_amountOre: Ore;
  /** Money in: BgMax Σ returned TK20; camt Σ booked CRDT entries; CSV Σ positive rows. */
  total_creditsOre: Ore;
  /** Money out, as a positive number: BgMax Σ returned TK21; camt Σ booked DBIT entries; CSV Σ negative rows. */
  total_debitsOre: Ore;
  /** What identifies this file for "already imported" checks (see each format). */
  file_identity: string;
  /** SHA-256 (hex) of the bytes read (text chunks hashed as UTF-8). */
  content_sha256: string;
  /** Findings, capped; `finding_counts` holds the full counts. */
  errors: BankFileFinding[];
  finding_counts: Record<BankFileFindingSeverity, number>;
}

/** TK70 Slutpost counts as written in the file. */
export interface BgMaxTrailerCounts {
  payment_records: number;
  deduction_records: number;
  extra_reference_records: number;
  deposit_records: number;
}

/** One BgMax section (avsnitt): TK05 … TK15, one deposit to one recipient bankgiro. */
export interface BgMaxSectionSummary {
  /** Line of the TK05 (or of the first record when the TK05 was missing). */
  line: number;
  closing_line: number | null;
  recipient_bankgiro: string | null;
  recipient_plusgiro: string | null;
  currency: string;
  /** TK15 fields; null when the section was not closed or the field was unreadable. */
  account: string | null;
  paid_at: IsoDate | null;
  deposit_serial: string | null;
  deposit_amountOre: Ore | null;
  deposit_count: number | null;
  /** Typ av insättning, raw letter (K, D, S or blank; meanings unconfirmed, reference §1.3). */
  deposit_type: string | null;
  /** What the section's records add up to. */
  payment_records: number;
  deduction_records: number;
  paymentsOre: Ore;
  deductionsOre: Ore;
}

export interface BgMaxFileSummary extends BankFileSummaryBase {
  format: 'bgmax';
  /** TK01 Skrivdag as written: YYYYMMDDHHMMSS + 6 digits microseconds. */
  timestamp: string | null;
  /** The TK01 timestamp as `YYYY-MM-DDTHH:MM:SS.ffffff` (Swedish local time, no zone), when valid. */
  written_at: string | null;
  is_test: boolean | null;
  version: string | null;
  sections: BgMaxSectionSummary[];
  trailer: BgMaxTrailerCounts | null;
}

/** One `Bal` of a camt.053 statement; amount signed (DBIT negative). */
export interface Camt053Balance {
  type: string;
  amountOre: Ore;
  currency: string | null;
  date: IsoDate | null;
}

/** Entry counts of one statement or notification by status and direction. */
export interface CamtEntryCounts {
  total: number;
  booked: number;
  pending: number;
  info: number;
  other_status: number;
  reversals: number;
  booked_credits: number;
  booked_debits: number;
}

/** Matches the spec's bank statement reconciliation_status: pending when balances are missing. */
export type BankStatementReconciliation = 'reconciled' | 'mismatch' | 'pending';

/** The account a camt statement or notification is for (`Acct`). */
export interface CamtAccount {
  iban: string | null;
  other_id: string | null;
  /** `Othr/SchmeNm` code or proprietary name, upper-case (BBAN, BGNR …). */
  scheme: string | null;
}

/** What a camt.053 `Stmt` and a camt.054 `Ntfctn` have in common. */
export interface CamtReportSummary {
  line: number;
  id: string | null;
  created_at: string | null;
  from: string | null;
  to: string | null;
  account_iban: string | null;
  account_other_id: string | null;
  account_scheme: string | null;
  currency: string | null;
  entries: CamtEntryCounts;
  /** Booked CRDT and DBIT entry amounts in SEK (reversals included, by their own direction). */
  total_creditsOre: Ore;
  total_debitsOre: Ore;
  payments: number;
}

export interface Camt053StatementSummary extends CamtReportSummary {
  /** Closing balance date, else the period end, else the creation date. */
  statement_date: IsoDate | null;
  /** Every balance, in its own currency; only SEK balances are checked. */
  balances: Camt053Balance[];
  /** OPBD (else PRCD) in SEK, signed. */
  opening_balanceOre: Ore | null;
  /** CLBD in SEK, signed. */
  closing_balanceOre: Ore | null;
  /** OPBD + Σ credits − Σ debits = CLBD (SEK)? pending without SEK balances. */
  reconciliation_status: BankStatementReconciliation;
}

/** A camt.054 notification (`Ntfctn`): one account's entries, no balances (reference §2.5). */
export type Camt054NotificationSummary = CamtReportSummary;

export interface Camt053FileSummary extends BankFileSummaryBase {
  format: 'camt053';
  /** Schema version from the namespace, e.g. `001.02`. */
  version: string | null;
  message_id: string | null;
  created_at: string | null;
  statements: Camt053StatementSummary[];
}

/** The CSV columns Fordran understands. */
export type BankCsvField =
  | 'paid_at'
  | 'amount'
  | 'currency'
  | 'ocr'
  | 'reference'
  | 'message'
  | 'payer_name'
  | 'payer_address'
  | 'payer_bankgiro'
  | 'payer_org_no'
  | 'payer_account'
  | 'recipient_bankgiro'
  | 'recipient_account'
  | 'transaction_id';

export interface BankCsvFileSummary extends BankFileSummaryBase {
  format: 'csv';
  delimiter: string;
  encoding: 'utf-8' | 'latin1';
  /** Field → the header text it was read from. */
  columns: Partial<Record<BankCsvField, string>>;
  rows: number;
  skipped_rows: number;
}

export interface Camt054FileSummary extends BankFileSummaryBase {
  format: 'camt054';
  /** Schema version from the namespace, e.g. `001.02`. */
  version: string | null;
  message_id: string | null;
  created_at: string | null;
  notifications: Camt054NotificationSummary[];
}

export type BankFileSummary = BgMaxFileSummary | Camt053FileSummary | Camt054FileSummary | BankCsvFileSummary;

/**
 * A record that is reported and never booked as incoming money: a camt reversal (`RvslInd`), an
 * amount in another currency than SEK, a returned payment (camt bank transaction code RRTN …).
 */
export type BankReportedKind = 'reversal' | 'foreign' | 'returned';

/** What the streaming parsers yield: payments and reported records as they are read, then one `end`. */
export type BankFileEvent<S extends BankFileSummary = BankFileSummary> =
  { kind: 'payment'; record: BankPaymentRecord } | { kind: BankReportedKind; record: BankPaymentRecord } | { kind: 'end'; summary: S };

/** Everything of a file at once (tests and small files). */
export interface ParsedBankFile<S extends BankFileSummary = BankFileSummary> {
  payments: BankPaymentRecord[];
  reversals: BankPaymentRecord[];
  foreign: BankPaymentRecord[];
  returned: BankPaymentRecord[];
  summary: S;
}
