/** Payment matching: ranking an organisation's open cases as candidates for a payment (spec part 2 §5). */
export * from './match-reasons';
export { caseMessageReference, MESSAGE_REFERENCE_LENGTH } from './message-reference';
export { buildCaseMatchIndex, PAYMENT_MATCH_CASE_STATUSES, type CaseMatchIndex, type PaymentMatchCase } from './case-match-index';
export {
  findPaymentMatchCandidates,
  matchPaymentCandidates,
  PAYMENT_MATCH_LIMIT,
  PAYMENT_MATCH_REASON_WEIGHTS,
  type PaymentMatchCandidate,
  type PaymentMatchInput,
} from './match-payment';
export { AUTO_ALLOCATION_MATCH_REASONS, isAutoAllocatableMatch, selectAutoAllocationCandidate } from './auto-allocation';
