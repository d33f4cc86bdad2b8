/** Payment allocation: splitting a payment over principal, interest and fees (spec part 2 §5). */
export * from './allocation-order';
export * from './allocate-payment';
export * from './case-outstanding';
export * from './settle-payment';
