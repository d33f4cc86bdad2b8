/** Swedish identifiers: Luhn, personnummer/samordningsnummer, organisationsnummer, bankgiro, plusgiro, IBAN, OCR (reference §3). */
export * from './luhn';
export * from './personnummer';
export * from './organisationsnummer';
export * from './bankgiro';
export * from './plusgiro';
export * from './iban';
export * from './ocr-reference';
export * from './party-search';
