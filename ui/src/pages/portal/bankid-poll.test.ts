import { describe, expect, it } from 'vitest';
import type { BankIdStatusResponse } from '../../api/portal';
import { ApiError } from '../../lib/api-error';
import { MAX_POLLS, pollBankId, TIMEOUT_MESSAGE } from './bankid-poll';

function poller(answers: (BankIdStatusResponse | Error)[], stopAfter = Infinity) {
  let calls = 0;
  const hints: (string | undefined)[] = [];
  const outcome = pollBankId({
    status: () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    wait: () => Promise.resolve(),
    onPending: (hint) => hints.push(hint),
    isStopped: () => calls >= stopAfter,
  });
  return { outcome, calls: () => calls, hints };
}

describe('pollBankId', () => {
  it('gives up after 30 pending answers with the spec text', async () => {
    const run = poller([{ status: 'pending', hint_code: 'outstandingTransaction' }]);
    expect(await run.outcome).toEqual({ kind: 'timeout', message: TIMEOUT_MESSAGE });
    expect(run.calls()).toBe(MAX_POLLS);
    expect(TIMEOUT_MESSAGE).toBe('Tidsfristen för BankID har löpt ut');
  });

  it('follows the hints and ends with the session on completion', async () => {
    const run = poller([
      { status: 'pending', hint_code: 'outstandingTransaction' },
      { status: 'pending', hint_code: 'userSign' },
      { status: 'complete', session_id: 's', party_id: 'p' },
    ]);
    expect(await run.outcome).toEqual({ kind: 'complete', session_id: 's', party_id: 'p' });
    expect(run.hints).toEqual(['outstandingTransaction', 'userSign']);
  });

  it('a failed order says why in BankID’s words; noParty in the portal’s', async () => {
    expect(await poller([{ status: 'failed', hint_code: 'userCancel' }]).outcome).toEqual({ kind: 'failed', message: 'Åtgärden avbruten.' });
    expect((await poller([{ status: 'failed', hint_code: 'noParty' }]).outcome).kind).toBe('failed');
    expect(await poller([{ status: 'failed', hint_code: 'somethingNew' }]).outcome).toEqual({ kind: 'failed', message: 'Internt tekniskt fel. Försök igen.' });
  });

  it("a server error shows the server's message, an unreachable server 'Fel vid statusuppdatering'", async () => {
    expect(await poller([new ApiError(502, 'BANKID_STATUS_FAILED', 'BankID svarar inte')]).outcome).toEqual({ kind: 'failed', message: 'BankID svarar inte' });
    expect(await poller([new ApiError(0, 'NETWORK_ERROR', 'Kunde inte nå servern')]).outcome).toEqual({ kind: 'failed', message: 'Fel vid statusuppdatering' });
  });

  it('stops without an outcome once the page stopped waiting (Avbryt)', async () => {
    const run = poller([{ status: 'pending' }], 2);
    expect(await run.outcome).toEqual({ kind: 'stopped' });
    expect(run.calls()).toBe(2);
  });
});
