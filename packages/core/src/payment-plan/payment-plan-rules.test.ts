import { describe, expect, it } from 'vitest';
import type { PaymentPlanStatus } from '../cases/payment-status';
import { isPaymentPlanDrawnUp } from '.';

describe('isPaymentPlanDrawnUp (lag 1981:739 3 § 2)', () => {
  it.each<[PaymentPlanStatus, string | null, boolean]>([
    ['proposed', null, false],
    ['cancelled', null, false],
    ['active', null, true],
    ['completed', null, true],
    ['defaulted', null, true],
    ['cancelled', '2026-10-01T10:00:00.000Z', true],
    ['proposed', '2026-10-01T10:00:00.000Z', true],
  ])('a %s plan signed %s is drawn up: %s', (status, signed_at, expected) => {
    expect(isPaymentPlanDrawnUp({ status, signed_at })).toBe(expected);
  });
});
