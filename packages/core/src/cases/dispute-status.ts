import {
  allowedStateMachineTransitions,
  assertStateMachineTransition,
  canStateMachineTransition,
  defineStateMachine,
  isStateMachineState,
} from './state-machine';

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
export const DISPUTE_STATUS_MACHINE = defineStateMachine<DisputeStatus>({
  key: 'dispute_status',
  subject: 'Invändningens status',
  states: DISPUTE_STATUSES,
  initial: 'open',
  labels: DISPUTE_STATUS_LABELS,
  transitions: DISPUTE_STATUS_TRANSITIONS,
});

/**
 * Type guard for a stored value.
 * @example isDisputeStatus('withdrawn') // true
 */
export function isDisputeStatus(value: unknown): value is DisputeStatus {
  return isStateMachineState(DISPUTE_STATUS_MACHINE, value);
}

/**
 * Whether the table allows `from → to`.
 * @example canTransitionDisputeStatus('rejected', 'open') // true
 */
export function canTransitionDisputeStatus(from: DisputeStatus, to: DisputeStatus): boolean {
  return canStateMachineTransition(DISPUTE_STATUS_MACHINE, from, to);
}

/**
 * Throws INVALID_TRANSITION (naming both labels) unless the table allows `from → to`.
 * @example assertDisputeStatusTransition('accepted', 'open') // throws "… från Godtagen till Öppen"
 */
export function assertDisputeStatusTransition(from: DisputeStatus, to: DisputeStatus): void {
  assertStateMachineTransition(DISPUTE_STATUS_MACHINE, from, to);
}

/**
 * The states allowed next from `from`, for the UI's buttons.
 * @example allowedDisputeStatusTransitions('open') // ['accepted', 'rejected', 'withdrawn']
 */
export function allowedDisputeStatusTransitions(from: DisputeStatus): readonly DisputeStatus[] {
  return allowedStateMachineTransitions(DISPUTE_STATUS_MACHINE, from);
}

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
export const AI_SUGGESTION_STATUS_MACHINE = defineStateMachine<AiSuggestionStatus>({
  key: 'ai_suggestion_status',
  subject: 'Förslagets status',
  states: AI_SUGGESTION_STATUSES,
  initial: 'pending',
  labels: AI_SUGGESTION_STATUS_LABELS,
  transitions: AI_SUGGESTION_STATUS_TRANSITIONS,
});

/**
 * Type guard for a stored value.
 * @example isAiSuggestionStatus('rejected') // true
 */
export function isAiSuggestionStatus(value: unknown): value is AiSuggestionStatus {
  return isStateMachineState(AI_SUGGESTION_STATUS_MACHINE, value);
}

/**
 * Whether the table allows `from → to`.
 * @example canTransitionAiSuggestionStatus('pending', 'accepted') // true
 */
export function canTransitionAiSuggestionStatus(from: AiSuggestionStatus, to: AiSuggestionStatus): boolean {
  return canStateMachineTransition(AI_SUGGESTION_STATUS_MACHINE, from, to);
}

/**
 * Throws INVALID_TRANSITION (naming both labels) unless the table allows `from → to`.
 * @example assertAiSuggestionStatusTransition('accepted', 'pending') // throws "… från Accepterad till Föreslagen"
 */
export function assertAiSuggestionStatusTransition(from: AiSuggestionStatus, to: AiSuggestionStatus): void {
  assertStateMachineTransition(AI_SUGGESTION_STATUS_MACHINE, from, to);
}

/**
 * The states allowed next from `from`, for the UI's buttons.
 * @example allowedAiSuggestionStatusTransitions('pending') // ['accepted', 'rejected']
 */
export function allowedAiSuggestionStatusTransitions(from: AiSuggestionStatus): readonly AiSuggestionStatus[] {
  return allowedStateMachineTransitions(AI_SUGGESTION_STATUS_MACHINE, from);
}
