// Waiting for BankID on the login page (spec part 2 §4, §9): collect every 2 s, one request at a
// time, at most 30 times, until the order completes, fails or the time is up.
import type { BankIdStatusResponse } from '../../api/portal';
import { ApiError } from '../../lib/api-error';
import { failedHintMessage } from './bankid-messages';

export const POLL_INTERVAL_MS = 2000;
export const MAX_POLLS = 30;
export const TIMEOUT_MESSAGE = 'Tidsfristen för BankID har löpt ut';

export type PollOutcome =
  { kind: 'complete'; session_id: string; party_id: string } | { kind: 'failed'; message: string } | { kind: 'timeout'; message: string } | { kind: 'stopped' };

export interface PollOptions {
  status: () => Promise<BankIdStatusResponse>;
  /** Waits the interval before each poll. */
  wait: () => Promise<void>;
  onPending: (hintCode: string | undefined) => void;
  /** True once the page left the waiting state (Avbryt, unmount): no more polls, no outcome acted on. */
  isStopped: () => boolean;
  maxPolls?: number;
}

/** The server's message, or the spec's fallback when the server was not reached. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 0 ? error.message : fallback;
}

export async function pollBankId(options: PollOptions): Promise<PollOutcome> {
  for (let poll = 1; poll <= (options.maxPolls ?? MAX_POLLS); poll += 1) {
    await options.wait();
    if (options.isStopped()) return { kind: 'stopped' };
    let status: BankIdStatusResponse;
    try {
      status = await options.status();
    } catch (error) {
      return options.isStopped() ? { kind: 'stopped' } : { kind: 'failed', message: messageOf(error, 'Fel vid statusuppdatering') };
    }
    if (options.isStopped()) return { kind: 'stopped' };
    if (status.status === 'pending') {
      options.onPending(status.hint_code);
      continue;
    }
    if (status.status === 'complete' && status.session_id && status.party_id)
      return { kind: 'complete', session_id: status.session_id, party_id: status.party_id };
    return { kind: 'failed', message: status.status === 'failed' ? failedHintMessage(status.hint_code) : 'Fel vid statusuppdatering' };
  }
  return { kind: 'timeout', message: TIMEOUT_MESSAGE };
}
