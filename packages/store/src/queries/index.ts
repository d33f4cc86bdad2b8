/*
 * Every query of the services, by resource (issue 10): async functions over `Db` that run on both
 * engines (database/database.ts says what that rules out). Read outside a transaction with
 * `database.db`, inside one with its `tx`.
 */
export * from './organisation-data';
export * from './ledger';
export * from './organisations';
export * from './reference-rates';
export * from './memberships';
export * from './mfa';
export * from './code-names';
export * from './audit-logs';
export * from './keyset';
export * from './text-search';
export * from './demo';
export * from './directory';
export * from './creditors';
export * from './parties';
export * from './bank-accounts';
export * from './bank-statements';
export * from './statement-resolutions';
export * from './fee-catalogue';
export * from './interest-profiles';
export * from './cases';
export * from './case-events';
export * from './case-flags';
export * from './case-fees';
export * from './case-interest';
export * from './rules';
export * from './payments';
export * from './payment-allocations';
export * from './payment-cases';
export * from './payment-journals';
export * from './payment-imports';
export * from './users';
export * from './sessions';
export * from './portal';
export * from './auth-attempts';
export * from './invitations';
export * from './onboarding';
export * from './jobs';
export * from './notifications';
export * from './case-handlers';
export * from './case-list';
export * from './dashboard';
export * from './case-nightly';
export * from './stored-files';
export * from './comm-channel-settings';
export * from './print-queue';
// Communications: templates (issue 11).
export * from './comm-templates';
// Communications: sending, history and opt-out (issue 11).
export * from './communications';
export * from './unsubscribe-tokens';
export * from './template-qa';
// Dunning: plans, runs and the steps taken on cases (issue 11).
export * from './dunning';
// System validation's facts (issue 14).
export * from './system-validation';
// KFM escalation (issue 12).
export * from './kfm';
// Preskriptionsavbrott (issue 12).
export * from './prescription-interruptions';
// Lawsuits (issue 12).
export * from './lawsuits';
