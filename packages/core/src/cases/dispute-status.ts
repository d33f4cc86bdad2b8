import { defineStateMachine } from './state-machine';

/** Dispute types (part 2 §5); incorrect_amount is the portal's default. */
export const DISPUTE_TYPES = ['incorrect_amount', 'not_my_debt', 'quality_issue', 'invoice_missing', 'other'] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];

export const DISPUTE_TYPE_LABELS: Readonly<Record<DisputeType, string>> = {
  incorrect_amount: 'Felaktigt belopp',
  not_my_debt: 'Inte min skuld',
  quality_issue: 'Fel på vara eller tjänst',
  invoice_missing: 'Har inte fått fakturan',
  other: 'Annat',
};

/** Dispute (invändning) status. The spec shows disputes but not their statuses. */
export const DISPUTE_STATUSES = ['open', 'accepted', 'rejected', 'withdrawn'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_STATUS_LABELS: Readonly<Record<DisputeStatus, string>> = {
  open: 'Öppen',
  accepted: 'Godtagen',
  rejected: 'Avslagen',
  withdrawn: 'Återkallad',
};

/**
 * A dispute is open while it is reviewed (collection is paused meanwhile, spec part 2 §4), then
 * accepted (the claim is corrected or dropped), rejected (collection resumes; the creditor may
 * go to court, god inkassosed) or withdrawn by the debtor. A rejected dispute is reopened when
 * the debtor brings new facts; accepted and withdrawn ones are final.
 */
export const DISPUTE_STATUS_TRANSITIONS: Readonly<Record<DisputeStatus, readonly DisputeStatus[]>> = {
  open: ['accepted', 'rejected', 'withdrawn'],
  accepted: [],
  rejected: ['open'],
  withdrawn: [],
};

/** The dispute status machine as data (docs/state-machines.md, table `dispute_status`). */
export const DISPUTE_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<DisputeStatus>({
  key: 'dispute_status',
  subject: 'Invändningens status',
  states: DISPUTE_STATUSES,
  initial: 'open',
  labels: DISPUTE_STATUS_LABELS,
  transitions: DISPUTE_STATUS_TRANSITIONS,
});

/** AI suggestion status: a suggestion waits for a person's decision or goes stale. */
export const AI_SUGGESTION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type AiSuggestionStatus = (typeof AI_SUGGESTION_STATUSES)[number];

export const AI_SUGGESTION_STATUS_LABELS: Readonly<Record<AiSuggestionStatus, string>> = {
  pending: 'Föreslagen',
  accepted: 'Accepterad',
  rejected: 'Avvisad',
};

/** A person decides once: accepted or rejected, both final. */
export const AI_SUGGESTION_STATUS_TRANSITIONS: Readonly<Record<AiSuggestionStatus, readonly AiSuggestionStatus[]>> = {
  pending: ['accepted', 'rejected'],
  accepted: [],
  rejected: [],
};

/** The ai suggestion status machine as data (docs/state-machines.md, table `ai_suggestion_status`). */
export const AI_SUGGESTION_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<AiSuggestionStatus>({
  key: 'ai_suggestion_status',
  subject: 'Förslagets status',
  states: AI_SUGGESTION_STATUSES,
  initial: 'pending',
  labels: AI_SUGGESTION_STATUS_LABELS,
  transitions: AI_SUGGESTION_STATUS_TRANSITIONS,
});
