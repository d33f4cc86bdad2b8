import { createHash } from 'node:crypto';
import { isIsoDate, type IsoDate } from '../dates';
import { DomainError } from '../errors';

/** What makes two messages the same message (spec part 1 §9). */
export interface CommunicationDedupeInput {
  org_id: string;
  recipient: string;
  /** Null for a message written without a template. */
  template_id: string | null;
  /** Null for channels without a subject (sms, kivra). */
  subject: string | null;
  /** The rendered body. */
  body: string;
  /** The current date (core has no clock). */
  date: IsoDate;
}

// Versioned so a future change of the recipe cannot collide with stored hashes.
const DEDUPE_HASH_VERSION = 'fordran.communication-dedupe.v1';

/**
 * The duplicate-message hash (communications.dedupe_hash, spec part 1 §9): SHA-256, hex, over
 * organisation, recipient, template, subject, rendered body and the date. The fields are
 * serialised as a JSON array, so no choice of field contents can make two different inputs
 * produce the same bytes (a separator character could appear inside a body), and null stays
 * distinct from "". Values are hashed exactly as given: the caller passes the stored recipient.
 * Throws INVALID_DATE for a date that is not YYYY-MM-DD.
 * @example communicationDedupeHash({ org_id, recipient: 'sven@example.se', template_id, subject: 'Påminnelse', body, date: '2026-11-22' }) // 64 hex characters
 */
export function communicationDedupeHash(input: CommunicationDedupeInput): string {
  if (!isIsoDate(input.date)) throw new DomainError('INVALID_DATE', undefined, { date: input.date });
  const fields = [DEDUPE_HASH_VERSION, input.org_id, input.recipient, input.template_id, input.subject, input.body, input.date];
  return createHash('sha256').update(JSON.stringify(fields), 'utf8').digest('hex');
}
