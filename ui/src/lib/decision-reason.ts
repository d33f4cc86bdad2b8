// The reason a person gives for a decision the audit log keeps (a held payment, a difference of a
// bank reconciliation, undoing one). The server checks it the same way (decisionReasonSchema).

export const REASON_MIN_LENGTH = 3;
export const REASON_MAX_LENGTH = 500;
export const REASON_MESSAGE = `Ange ett skäl (minst ${REASON_MIN_LENGTH} tecken)`;

/** Why the reason cannot be saved yet, or null when it can (surrounding spaces do not count). */
export function reasonError(reason: string): string | null {
  return reason.trim().length < REASON_MIN_LENGTH ? REASON_MESSAGE : null;
}
