/** The system validation report (spec part 2 §2 "System validation", §3 "Validation report"). */
export * from './completion-rate';
export * from './integrity-findings';
export * from './system-validation-checks';
export * from './system-validation';
