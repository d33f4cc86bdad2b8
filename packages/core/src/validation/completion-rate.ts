import { DomainError } from '../errors';

/**
 * The share of passed checks as a whole percent, rounded half up with integer maths only
 * (spec part 2 §2: "completion rate in percent"): floor((200·passed + total) / (2·total)).
 * No checks at all gives 0: nothing has been verified.
 * @example systemValidationCompletionRate(2, 3) // 67
 */
export function systemValidationCompletionRate(passedCount: number, totalCount: number): number {
  if (!Number.isSafeInteger(passedCount) || !Number.isSafeInteger(totalCount) || passedCount < 0 || passedCount > totalCount) {
    throw new DomainError('VALIDATION_FAILED', 'Ogiltigt antal kontroller', { passedCount, totalCount });
  }
  if (totalCount === 0) return 0;
  return Math.floor((200 * passedCount + totalCount) / (2 * totalCount));
}
