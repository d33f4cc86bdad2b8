import { DomainError } from '../errors';

/** Length of the message reference a debtor writes on a payment (spec part 1 §9). */
export const MESSAGE_REFERENCE_LENGTH = 8;

/**
 * The message reference of a case: the first 8 characters of its id in upper case (spec part 1
 * §9). Communications print it; payment matching looks for it. Throws INVALID_ID for an id
 * shorter than 8 characters.
 * @example caseMessageReference('3f2a1b2c-9d8e-4f70-a1b2-c3d4e5f60718') // '3F2A1B2C'
 */
export function caseMessageReference(caseId: string): string {
  const id = caseId.trim();
  if (id.length < MESSAGE_REFERENCE_LENGTH) throw new DomainError('INVALID_ID', undefined, { caseId });
  return id.slice(0, MESSAGE_REFERENCE_LENGTH).toUpperCase();
}
