import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { canCommunicationTransition, COMMUNICATION_STATUSES, type CommunicationStatus } from './communication-status';
import { claimDeliveryStatus, decideDelivery, holdDeliveryStatus, type DeliveryResult, type DeliveryRetryPolicy } from './delivery';

const policy: DeliveryRetryPolicy = { maxAttempts: 3, backoff: { baseMs: 60_000, maxMs: 3_600_000 } };

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'NO_ERROR';
}

describe('delivery attempts', () => {
  it('claims a pending or throttled message as queued, nothing else', () => {
    expect(claimDeliveryStatus('pending')).toBe('queued');
    expect(claimDeliveryStatus('throttled')).toBe('queued');
    for (const status of COMMUNICATION_STATUSES.filter((s) => s !== 'pending' && s !== 'throttled')) {
      expect(codeOf(() => claimDeliveryStatus(status))).toBe('INVALID_COMMUNICATION_TRANSITION');
    }
  });

  it('holds a pending message as throttled outside the allowed hours; a cancelled one is not held', () => {
    expect(holdDeliveryStatus('pending')).toBe('throttled');
    expect(holdDeliveryStatus('throttled')).toBe('throttled');
    expect(codeOf(() => holdDeliveryStatus('cancelled'))).toBe('INVALID_COMMUNICATION_TRANSITION');
  });

  it.each([
    ['sent', { kind: 'accepted', status: 'sent' }, { status: 'sent', steps: ['sent'], attempts: 1, retry_in_ms: null }],
    ['delivered', { kind: 'accepted', status: 'delivered' }, { status: 'delivered', steps: ['sent', 'delivered'], attempts: 1, retry_in_ms: null }],
    ['queued with the provider', { kind: 'accepted', status: 'queued' }, { status: 'queued', steps: [], attempts: 1, retry_in_ms: null }],
    ['a bounce', { kind: 'rejected', permanent: true, bounced: true }, { status: 'bounced', steps: ['bounced'], attempts: 1, retry_in_ms: null }],
    ['a permanent rejection', { kind: 'rejected', permanent: true }, { status: 'failed', steps: ['failed'], attempts: 1, retry_in_ms: null }],
    ['a transient rejection', { kind: 'rejected', permanent: false }, { status: 'throttled', steps: ['throttled'], attempts: 1, retry_in_ms: 60_000 }],
    [
      'a rate limit (not counted)',
      { kind: 'throttled', retry_after_seconds: 30 },
      { status: 'throttled', steps: ['throttled'], attempts: 0, retry_in_ms: 30_000 },
    ],
  ] as const)('first attempt, %s', (_, result, expected) => {
    expect(decideDelivery({ attempts: 1, result: result as DeliveryResult, policy })).toEqual(expected);
  });

  it('backs off per attempt and fails after the last one', () => {
    const transient: DeliveryResult = { kind: 'rejected', permanent: false };
    expect(decideDelivery({ attempts: 2, result: transient, policy }).retry_in_ms).toBe(120_000);
    expect(decideDelivery({ attempts: 3, result: transient, policy })).toEqual({ status: 'failed', steps: ['failed'], attempts: 3, retry_in_ms: null });
  });

  const resultArb: fc.Arbitrary<DeliveryResult> = fc.oneof(
    fc.constantFrom('sent', 'delivered', 'queued').map((status) => ({ kind: 'accepted' as const, status })),
    fc.record({ kind: fc.constant('rejected' as const), permanent: fc.boolean(), bounced: fc.boolean() }),
    fc.record({ kind: fc.constant('throttled' as const), retry_after_seconds: fc.integer({ min: 0, max: 86_400 }) }),
  );

  it('property: every decision walks the status machine from queued, and a retry is planned exactly when it ends throttled', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 12 }), resultArb, (maxAttempts, attempts, result) => {
        const decision = decideDelivery({ attempts, result, policy: { ...policy, maxAttempts } });
        let from: CommunicationStatus = 'queued';
        for (const to of decision.steps) {
          expect(canCommunicationTransition(from, to)).toBe(true);
          from = to;
        }
        expect(from).toBe(decision.status);
        expect(decision.retry_in_ms !== null).toBe(decision.status === 'throttled');
        // A failed attempt past the limit is never retried.
        if (result.kind === 'rejected' && attempts >= maxAttempts) expect(['failed', 'bounced']).toContain(decision.status);
        expect(decision.attempts).toBeLessThanOrEqual(attempts);
      }),
    );
  });
});
