import type { DomainErrorCode } from '../errors';

/** Why a due step was not taken on a case (the run's `skipped[].reason`). */
export const DUNNING_SKIP_REASONS = [
  'on_hold',
  'disputed',
  'opted_out',
  'blocked_by_rule',
  'no_contact',
  'template_missing',
  'duplicate',
  'cannot_render',
] as const;
export type DunningSkipReason = (typeof DUNNING_SKIP_REASONS)[number];

export const DUNNING_SKIP_REASON_LABELS: Readonly<Record<DunningSkipReason, string>> = {
  on_hold: 'Ärendet är pausat',
  disputed: 'Ärendet är bestritt',
  opted_out: 'Mottagaren har avregistrerat sig från kanalen',
  blocked_by_rule: 'Blockerat av en regel',
  no_contact: 'Kontaktuppgift saknas för kanalen',
  template_missing: 'Mallen saknas eller är inaktiverad',
  duplicate: 'Samma meddelande har redan skickats i dag',
  cannot_render: 'Mallen kunde inte fyllas i för ärendet',
};

/** The sending refusals a run records as a skip (anything else is a fault, and stops the run). */
const SKIP_REASON_BY_ERROR: Partial<Record<DomainErrorCode, DunningSkipReason>> = {
  RECIPIENT_OPTED_OUT: 'opted_out',
  ACTION_BLOCKED: 'blocked_by_rule',
  NO_CONTACT_FOR_CHANNEL: 'no_contact',
  DUPLICATE_COMMUNICATION: 'duplicate',
  TEMPLATE_VALUE_MISSING: 'cannot_render',
  INTEREST_SPECIFICATION_MISMATCH: 'cannot_render',
};

/**
 * The skip reason of a refusal met while taking a step, or null when it is not one.
 * @example dunningSkipReasonOf('RECIPIENT_OPTED_OUT') // 'opted_out'
 */
export function dunningSkipReasonOf(code: DomainErrorCode): DunningSkipReason | null {
  return SKIP_REASON_BY_ERROR[code] ?? null;
}
