/** Bank files: streaming parsers for BgMax, camt.053 and CSV, format detection, a BgMax writer, statement reconciliation (reference §1, §2, §9). */
export * from './types';
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
export { streamCamt053 } from './camt053-parser';
export { streamBankCsv, splitBankCsvRecord, type BankCsvOptions, type BankCsvDelimiter } from './csv-parser';
export { BANK_CSV_DEFAULT_HEADERS, normalizeBankCsvHeader, parseBankCsvAmount, parseBankCsvDate } from './csv-columns';
export { detectBankFileFormat } from './detect';
export { streamBankFile, parseBankFile, type BankFileParseOptions } from './bank-file';
export * from './reconcile';
