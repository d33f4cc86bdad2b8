import { DomainError } from '../errors';

/**
 * Checklist progress in whole percent, rounded half up (spec part 1 §2: "a percentage rounded to
 * whole numbers"). Integer arithmetic only: round(100·c/t) = ⌊(200·c + t) / (2·t)⌋.
 * Throws VALUE_OUT_OF_RANGE unless 0 ≤ completedCount ≤ totalCount and totalCount ≥ 1 (integers).
 * @example onboardingProgressPercent(1, 8) // 13 (12.5 rounds up)
 */
export function onboardingProgressPercent(completedCount: number, totalCount: number): number {
  if (!Number.isSafeInteger(completedCount) || !Number.isSafeInteger(totalCount) || totalCount < 1 || completedCount < 0 || completedCount > totalCount) {
    throw new DomainError('VALUE_OUT_OF_RANGE', undefined, { completedCount, totalCount });
  }
  return Math.floor((200 * completedCount + totalCount) / (2 * totalCount));
}

/**
 * The checklist is hidden when every step is done or the user dismissed it (spec part 1 §2).
 * @example isOnboardingChecklistVisible({ completedCount: 10, totalCount: 10, dismissed: false }) // false
 */
export function isOnboardingChecklistVisible(state: { completedCount: number; totalCount: number; dismissed: boolean }): boolean {
  return !state.dismissed && state.completedCount < state.totalCount;
}
