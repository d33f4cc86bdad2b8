/** Creditors and debtors: their codes and Swedish names. */
export * from './party-codes';
