import { checkSendHours, DEFAULT_SEND_HOURS, isDomainError, type SendHours } from '@fordran/core';
import { findOrganisationRow, type Db } from '@fordran/store';
import { z } from '../../schemas/zod-setup';

/** organisations.settings_json key of the allowed hours for SMS and e-mail (core SendHours). */
export const SEND_HOURS_SETTING = 'send_hours';

const sendHoursSchema = z.object({ days: z.array(z.number()), start: z.string(), end: z.string() });

/**
 * The organisation's allowed hours for SMS and e-mail: its `settings_json.send_hours` when that
 * is valid, else the default (weekdays 08–20, Swedish time).
 */
export async function organisationSendHours(db: Db, orgId: string): Promise<SendHours> {
  const row = await findOrganisationRow(db, orgId);
  const parsed = sendHoursSchema.safeParse(row?.settings_json?.[SEND_HOURS_SETTING]);
  if (!parsed.success) return DEFAULT_SEND_HOURS;
  try {
    return checkSendHours(parsed.data);
  } catch (error) {
    // Stored by hand and wrong: the default holds rather than no hours at all.
    if (isDomainError(error)) return DEFAULT_SEND_HOURS;
    throw error;
  }
}

/** 'vardagar 08:00–20:00' or 'mån, ons, fre 09:00–17:00', for the reason a message waits. */
export function describeSendHours(hours: SendHours): string {
  const names = ['mån', 'tis', 'ons', 'tor', 'fre', 'lör', 'sön'];
  const days = hours.days.join(',') === '1,2,3,4,5' ? 'vardagar' : hours.days.length === 7 ? 'alla dagar' : hours.days.map((day) => names[day - 1]).join(', ');
  return `${days} ${hours.start}–${hours.end}`;
}
