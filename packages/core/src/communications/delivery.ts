import { DomainError } from '../errors';
import { exponentialBackoffMs, type BackoffSettings } from '../retry-backoff';
import { assertCommunicationTransition, type CommunicationStatus } from './communication-status';

/*
 * One delivery attempt of a message, as statuses of COMMUNICATION_STATUS_MACHINE: the attempt
 * claims the message (pending | throttled → queued: handed to the provider) before the provider
 * is called, and the provider's answer moves it on from queued. Quiet hours hold a message back
 * as throttled. Every step is checked against the machine, so no path here can leave it.
 */

/** What the provider answered (channel.ts's SendOutcome, without its provider details). */
export type DeliveryResult =
  | { kind: 'accepted'; status: 'sent' | 'delivered' | 'queued' }
  | { kind: 'rejected'; permanent: boolean; bounced?: boolean }
  | { kind: 'throttled'; retry_after_seconds: number };

/** How often and how patiently a message is tried. */
export interface DeliveryRetryPolicy {
  /** Failed attempts before the message is failed for good (≥ 1). */
  maxAttempts: number;
  backoff: BackoffSettings;
}

/** What an attempt's answer does to the message. */
export interface DeliveryDecision {
  /** The status the message and its delivery end the attempt in. */
  status: CommunicationStatus;
  /** The transitions from queued that lead there, in order (empty: stays queued). */
  steps: CommunicationStatus[];
  /** Attempts to record: a provider's rate limit is no failed attempt and does not count. */
  attempts: number;
  /** Wait before the next attempt, ms; null when none is planned. */
  retry_in_ms: number | null;
}

/**
 * The status an attempt claims the message with: pending or throttled → queued (handed to the
 * provider). Anything else is INVALID_COMMUNICATION_TRANSITION: a cancelled, sent or failed
 * message is never handed over again by the worker.
 * @example claimDeliveryStatus('throttled') // "queued"
 */
export function claimDeliveryStatus(status: CommunicationStatus): 'queued' {
  if (status !== 'pending' && status !== 'throttled') {
    throw new DomainError('INVALID_COMMUNICATION_TRANSITION', undefined, { action: 'deliver', status });
  }
  assertCommunicationTransition(status, 'queued');
  return 'queued';
}

/**
 * The status a message waits in outside the allowed hours: throttled (from pending; a throttled
 * message stays so). Anything else is INVALID_COMMUNICATION_TRANSITION.
 * @example holdDeliveryStatus('pending') // "throttled"
 */
export function holdDeliveryStatus(status: CommunicationStatus): 'throttled' {
  if (status !== 'throttled') assertCommunicationTransition(status, 'throttled');
  return 'throttled';
}

function checkedPath(steps: CommunicationStatus[]): CommunicationStatus[] {
  let from: CommunicationStatus = 'queued';
  for (const to of steps) {
    assertCommunicationTransition(from, to);
    from = to;
  }
  return steps;
}

/**
 * What the provider's answer to attempt number `attempts` (counted from 1, this one included)
 * does: accepted → sent (→ delivered), or stays queued with the provider (a print queue);
 * a permanent rejection → failed (bounced for a bounce); a transient one → throttled, tried again
 * after the back-off, until `maxAttempts` failed attempts make it failed; a rate limit →
 * throttled for as long as the provider asked, without counting as an attempt.
 * @example decideDelivery({ attempts: 1, result: { kind: 'rejected', permanent: false }, policy }).status // "throttled"
 */
export function decideDelivery(input: { attempts: number; result: DeliveryResult; policy: DeliveryRetryPolicy }): DeliveryDecision {
  const { attempts, result, policy } = input;
  if (result.kind === 'accepted') {
    const steps: CommunicationStatus[] = result.status === 'queued' ? [] : result.status === 'sent' ? ['sent'] : ['sent', 'delivered'];
    return { status: result.status, steps: checkedPath(steps), attempts, retry_in_ms: null };
  }
  if (result.kind === 'throttled') {
    const waitMs = Math.max(0, Math.ceil(result.retry_after_seconds)) * 1000;
    return { status: 'throttled', steps: checkedPath(['throttled']), attempts: Math.max(0, attempts - 1), retry_in_ms: waitMs };
  }
  if (result.permanent || attempts >= policy.maxAttempts) {
    const status: CommunicationStatus = result.permanent && result.bounced ? 'bounced' : 'failed';
    return { status, steps: checkedPath([status]), attempts, retry_in_ms: null };
  }
  return { status: 'throttled', steps: checkedPath(['throttled']), attempts, retry_in_ms: exponentialBackoffMs(attempts, policy.backoff) };
}
