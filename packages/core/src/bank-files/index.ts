/** Bank files: streaming parsers for BgMax, camt.053, camt.054 and CSV, format detection, a BgMax writer, statement reconciliation (reference §1, §2, §9). */
export * from './types';
export * from './bank-codes';
export { parseBankDecimalOre, type BankDecimalAmount } from './amounts';
export { BANK_FILE_MAX_FINDINGS } from './findings';
export { decodeLatin1, encodeBankFileLatin1, type BankFileEncoding } from './lines';
export {
  BGMAX_LAYOUT,
  BGMAX_RECORD_LENGTH,
  BGMAX_REFERENCE_CODES,
  BGMAX_CHANNEL_CODES,
  BGMAX_DEDUCTION_CODES,
  bgMaxField,
  type BgMaxField,
} from './bgmax-records';
export { streamBgMax } from './bgmax-parser';
export { writeBgMax, type BgMaxWriterFile, type BgMaxWriterSection, type BgMaxWriterPayment, type BgMaxWriterOptions } from './bgmax-writer';
export { streamCamt053, streamCamt054, defaultCamtAccountKey, type CamtParseOptions } from './camt-parser';
export { BANK_BOOKING_CURRENCY, isBankBookingCurrency } from './currency';
export {
  writeCamt053,
  writeCamt054,
  type CamtWriterFile,
  type CamtWriterReport,
  type CamtWriterEntry,
  type CamtWriterTransaction,
  type CamtWriterAccount,
  type CamtWriterVersion,
} from './camt-writer';
export { streamBankCsv, splitBankCsvRecord, type BankCsvOptions, type BankCsvDelimiter } from './csv-parser';
export { BANK_CSV_DEFAULT_HEADERS, normalizeBankCsvHeader, parseBankCsvAmount, parseBankCsvDate } from './csv-columns';
export { detectBankFileFormat } from './detect';
export { streamBankFile, parseBankFile, type BankFileParseOptions } from './bank-file';
export * from './reconcile';
export * from './statement-resolutions';
export { matchBankAccount, bankAccountKey, type KnownBankAccount, type FileAccountName } from './bank-account-match';
export { transactionIdScheme, transactionIdIdentity, transactionIdsComparable, heldTransactionId, fileTransactionId } from './transaction-identity';
