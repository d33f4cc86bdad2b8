/** Swedish identifiers: Luhn, personnummer/samordningsnummer, organisationsnummer, bankgiro, OCR (reference §3). */
export * from './luhn';
export * from './personnummer';
export * from './organisationsnummer';
export * from './bankgiro';
export * from './ocr-reference';
export * from './party-search';
