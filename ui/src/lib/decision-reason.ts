// The reason a person gives for a decision or a risky action the system log keeps (a held payment,
// a difference of a bank reconciliation, closing a case …). The server checks it the same way
// (services schemas/common.ts actionReasonSchema).

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;
export const REASON_MESSAGE = `Anledningen måste vara minst ${REASON_MIN_LENGTH} tecken`;

/** Why the reason cannot be saved yet, or null when it can (surrounding spaces do not count). */
export function reasonError(reason: string): string | null {
  return reason.trim().length < REASON_MIN_LENGTH ? REASON_MESSAGE : null;
}
