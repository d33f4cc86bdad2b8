import { toE164PhoneNumber } from '@fordran/core';
import type { SendOutcome } from '../channel';

/** The recipient in E.164, or the refusal a number that is none means (no provider would take it). */
export function smsRecipient(provider: string, recipient: string): { to: string } | { refused: Extract<SendOutcome, { kind: 'rejected' }> } {
  const to = toE164PhoneNumber(recipient);
  if (to) return { to };
  return { refused: { kind: 'rejected', provider, detail: `Ogiltigt mobilnummer: ${recipient}`, permanent: true } };
}
