import { canStateMachineTransition, defineStateMachine } from '../cases';
import { DomainError } from '../errors';

/** Statuses of a communication and of its delivery (spec part 1 §3–4). */
export const COMMUNICATION_STATUSES = ['pending', 'queued', 'sent', 'delivered', 'opened', 'failed', 'bounced', 'throttled', 'cancelled'] as const;
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];

/** Swedish labels, verbatim from spec part 1 §4 (pairs share a label). */
export const COMMUNICATION_STATUS_LABELS: Readonly<Record<CommunicationStatus, string>> = {
  pending: 'Köad',
  queued: 'Köad',
  sent: 'Levererad',
  delivered: 'Levererad',
  opened: 'Öppnad',
  failed: 'Misslyckad',
  bounced: 'Misslyckad',
  throttled: 'Begränsad',
  cancelled: 'Avbruten',
};

/**
 * The lifecycle of a message. The spec fixes only the start (pending), cancel (from pending or
 * queued) and resend / change channel (when failed); the rest follows what providers report:
 * - pending → queued (handed to the provider) | sent | failed | throttled (rate limit) | cancelled;
 * - queued → sent | failed | bounced | throttled | cancelled;
 * - throttled → queued (retried later) | failed | cancelled — throttled is a message waiting in
 *   Fordran's own queue for its next attempt: held for the allowed hours, backing off after a
 *   transient failure, or waiting out a provider's 429 (which refused to take it). None of these
 *   is with a provider, so staff may cancel it, as a pending one (beyond the spec's list);
 * - sent → delivered | opened (an open can be seen without a delivery receipt) | failed | bounced;
 * - delivered → opened;
 * - failed, bounced → pending (resend or change channel puts it back in the queue);
 * - opened, cancelled: final.
 */
export const COMMUNICATION_STATUS_TRANSITIONS: Readonly<Record<CommunicationStatus, readonly CommunicationStatus[]>> = {
  pending: ['queued', 'sent', 'failed', 'throttled', 'cancelled'],
  queued: ['sent', 'failed', 'bounced', 'throttled', 'cancelled'],
  throttled: ['queued', 'failed', 'cancelled'],
  sent: ['delivered', 'opened', 'failed', 'bounced'],
  delivered: ['opened'],
  opened: [],
  failed: ['pending'],
  bounced: ['pending'],
  cancelled: [],
};

/** The communication status machine, in the shape of '../cases' state machines. */
export const COMMUNICATION_STATUS_MACHINE = defineStateMachine<CommunicationStatus>({
  key: 'communication_status',
  subject: 'Meddelandets status',
  states: COMMUNICATION_STATUSES,
  initial: 'pending',
  labels: COMMUNICATION_STATUS_LABELS,
  transitions: COMMUNICATION_STATUS_TRANSITIONS,
});

/** Statuses a message can be cancelled from (spec part 1 §4: pending, queued; throttled waits in our queue too). */
export const COMMUNICATION_CANCELLABLE_STATUSES: readonly CommunicationStatus[] = ['pending', 'queued', 'throttled'];

/** Statuses that offer resend and 'Byt kanal' (spec: failed; a bounce is a failure too). */
export const COMMUNICATION_RETRYABLE_STATUSES: readonly CommunicationStatus[] = ['failed', 'bounced'];

/**
 * The Swedish label of a status; an unknown value is shown raw.
 * @example communicationStatusLabel('queued') // "Köad"
 */
export function communicationStatusLabel(status: string): string {
  return (COMMUNICATION_STATUSES as readonly string[]).includes(status) ? COMMUNICATION_STATUS_LABELS[status as CommunicationStatus] : status;
}

/**
 * Whether the status table allows `from → to` (provider callbacks, the send job).
 * @example canCommunicationTransition('sent', 'delivered') // true
 */
export function canCommunicationTransition(from: CommunicationStatus, to: CommunicationStatus): boolean {
  return canStateMachineTransition(COMMUNICATION_STATUS_MACHINE, from, to);
}

function refuse(action: string, status: string): never {
  throw new DomainError('INVALID_COMMUNICATION_TRANSITION', undefined, { action, status });
}

/**
 * Throws INVALID_COMMUNICATION_TRANSITION unless the table allows `from → to`.
 * @example assertCommunicationTransition('opened', 'pending') // throws
 */
export function assertCommunicationTransition(from: CommunicationStatus, to: CommunicationStatus): void {
  if (!canCommunicationTransition(from, to)) refuse(`${from}->${to}`, from);
}

/**
 * Whether a message in this status can be cancelled: pending, queued or throttled (not yet with a provider).
 * @example canCancelCommunication('sent') // false
 */
export function canCancelCommunication(status: string): boolean {
  return (COMMUNICATION_CANCELLABLE_STATUSES as readonly string[]).includes(status);
}

/**
 * Whether resend and change of channel are offered: failed or bounced.
 * @example canResendCommunication('failed') // true
 */
export function canResendCommunication(status: string): boolean {
  return (COMMUNICATION_RETRYABLE_STATUSES as readonly string[]).includes(status);
}

/** The statuses a communication and its delivery get from an action. */
export interface CommunicationStatusChange {
  status: CommunicationStatus;
  delivery_status: CommunicationStatus;
}

/**
 * Cancelling (spec part 1 §4): from pending, queued or throttled, sets both the communication and its
 * delivery to cancelled; otherwise INVALID_COMMUNICATION_TRANSITION.
 * @example cancelCommunication('queued') // { status: 'cancelled', delivery_status: 'cancelled' }
 */
export function cancelCommunication(status: string): CommunicationStatusChange {
  if (!canCancelCommunication(status)) refuse('cancel', status);
  return { status: 'cancelled', delivery_status: 'cancelled' };
}

/**
 * Resending a failed or bounced message: back to pending (a new delivery attempt); otherwise
 * INVALID_COMMUNICATION_TRANSITION.
 * @example resendCommunication('failed') // { status: 'pending', delivery_status: 'pending' }
 */
export function resendCommunication(status: string): CommunicationStatusChange {
  if (!canResendCommunication(status)) refuse('resend', status);
  return { status: 'pending', delivery_status: 'pending' };
}

/** Which actions the communication history offers for a status (buttons). */
export interface CommunicationActions {
  can_cancel: boolean;
  can_resend: boolean;
  can_change_channel: boolean;
}

/**
 * The actions offered for a message in this status.
 * @example communicationActions('pending') // { can_cancel: true, can_resend: false, can_change_channel: false }
 */
export function communicationActions(status: string): CommunicationActions {
  return { can_cancel: canCancelCommunication(status), can_resend: canResendCommunication(status), can_change_channel: canResendCommunication(status) };
}
