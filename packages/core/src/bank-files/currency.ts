import { bankFindingMessage, type BankFindingCollector } from './findings';

/** The only currency Fordran books: every Swedish bank account is in kronor (reference §2.5). */
export const BANK_BOOKING_CURRENCY = 'SEK';

/** A currency the file leaves out (null) is the account's own. */
export function isBankBookingCurrency(currency: string | null): boolean {
  return currency === null || currency.toUpperCase() === BANK_BOOKING_CURRENCY;
}

/**
 * Reports an amount in another currency, which is left out of every total and never booked as
 * kronor: a BANK_FILE_CURRENCY warning with the amount as the file writes it and its currency.
 */
export function reportForeignAmount(findings: BankFindingCollector, amountText: string, currency: string, line: number): void {
  findings.add('warning', 'BANK_FILE_CURRENCY', bankFindingMessage('BANK_FILE_CURRENCY', `${amountText} ${currency}`), line);
}
