/** The public surface of @fordran/core: pure, deterministic domain functions. */
export * from './errors';
export * from './money';
export * from './dates';
export * from './identifiers';
export * from './interest';
export * from './fees';
export * from './rules';
export * from './allocation';
export * from './ledger';
export * from './payment-plan';
export * from './kfm';
export * from './communications';
export * from './bank-files';
export * from './matching';
export * from './cases';
export * from './validation';
export * from './entities';
