/**
 * Communications (spec part 1 §2–5, §9; part 2 §3, §5, §9): template variables and rendering,
 * template validation and preview, the content an inkassokrav must have (inkassolagen 5 §), SMS length, the duplicate-message hash, the communication
 * status machine with cancel / resend / change channel, the contact each channel needs, quiet
 * hours, delivery attempts and opt-out.
 * The message reference comes from '../matching' (caseMessageReference).
 */
export * from './comm-constants';
export * from './template-variables';
export * from './template-values';
export * from './case-specification';
export * from './demand-content';
export * from './template-library';
export * from './template-versions';
export * from './template-preview';
export * from './template-validation';
export * from './template-qa';
export * from './sms-segments';
export * from './dedupe-hash';
export * from './communication-status';
export * from './channel-contact';
export * from './sms-addressing';
export * from './send-hours';
export * from './delivery';
export * from './opt-out';
export * from './recipient-address';
export * from './demand-receipt';
