/** Input and response schemas of every use case: the API validates with them, the CLI parses with them. */
export * from './zod-setup';
export * from './common';
export * from './auth';
export * from './me';
export * from './orgs';
export * from './onboarding';
export * from './notifications';
export * from './dashboard';
export * from './audit';
export * from './directory';
export * from './cases';
export * from './payments';
export * from './rules';
export * from './finance';
export * from './jobs';
export * from './ledger';
export * from './bank';
