/**
 * State machines of Fordran as data (docs/state-machines.md): case status and stage, the
 * closed-on-full-payment rule, portal stages, KFM, lawsuits, payments, reconciliation, jobs,
 * payment plans, disputes and AI suggestions.
 */
export * from './state-machine';
export * from './case-status';
export * from './case-stage';
export * from './case-segments';
export * from './case-events';
export * from './mandate-type';
export * from './payment-method';
export * from './case-closing';
export * from './portal-stage';
export * from './kfm-status';
export * from './lawsuit-status';
export * from './payment-status';
export * from './job-status';
export * from './dispute-status';
export * from './all-machines';
