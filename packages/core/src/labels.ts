/*
 * The browser's entry `@fordran/core/labels`: the codes the API sends (statuses, stages, types,
 * methods, roles …) and their Swedish names, defined once in their modules and read by the
 * server and the UI alike. Only plain data reaches the browser: the state machines beside some
 * tables are marked pure, so the bundler drops them (eslint.config.js keeps node: modules out).
 */
export { CASE_STATUSES, CASE_STATUS_LABELS, type CaseStatus } from './cases/case-status';
export { CASE_STAGES, CASE_STAGE_LABELS, type CaseStage } from './cases/case-stage';
export * from './cases/case-segments';
export * from './cases/mandate-type';
export * from './cases/payment-method';
export {
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  RECONCILIATION_STATUSES,
  RECONCILIATION_STATUS_LABELS,
  type PaymentStatus,
  type ReconciliationStatus,
} from './cases/payment-status';
export { JOB_STATUS_LABELS, JOB_TYPE_LABELS, type JobStatus } from './cases/job-status';
export { CASE_FULL_PAYMENT_FOLLOW_UP_LABELS, type CaseFullPaymentFollowUp } from './cases/case-closing';
export { RULE_SEVERITIES, RULE_SEVERITY_LABELS, type RuleSeverity } from './rules/rule-model';
export * from './directory/party-codes';
export * from './organisation/org-roles';
export * from './ledger/ledger-codes';
export * from './bank-files/bank-codes';
export * from './matching/match-reasons';
export {
  COMM_CHANNELS,
  COMM_CHANNEL_LABELS,
  COMM_CHANNELS_WITH_SUBJECT,
  COMM_TEMPLATE_CATEGORIES,
  COMM_TEMPLATE_CATEGORY_LABELS,
  COMM_TEMPLATE_SIMPLE_CATEGORIES,
  COMM_TEMPLATE_LANGUAGE_MAX_LENGTH,
  type CommChannel,
  type CommTemplateCategory,
} from './communications/comm-constants';
export { DUNNING_SKIP_REASON_LABELS, type DunningSkipReason } from './dunning/dunning-skip';
export { KFM_CASE_STATUSES, KFM_CASE_STATUS_LABELS, type KfmCaseStatus } from './cases/kfm-status';
export { KFM_APPLICATION_TYPES, KFM_APPLICATION_TYPE_LABELS, type KfmApplicationType } from './kfm/kfm-constants';
export {
  LAWSUIT_STATUSES,
  LAWSUIT_STATUS_LABELS,
  LAWSUIT_TRACKS,
  LAWSUIT_TRACK_LABELS,
  LAWSUIT_SERVICE_STATUS_LABELS,
  type LawsuitStatus,
  type LawsuitTrack,
} from './cases/lawsuit-status';
