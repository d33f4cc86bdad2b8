import { DEFAULT_DEADLINE_REMINDER_DAYS, kronor, PRISBASBELOPP_KR, type LawsuitTrack, type Ore } from '@fordran/core';
import { findOrganisationRow, type Db } from '@fordran/store';
import { z } from '../schemas/zod-setup';

/** The organisation setting (settings_json) that overrides the lawsuit defaults. */
export const LAWSUIT_SETTINGS_KEY = 'lawsuits';

/**
 * `settings_json.lawsuits`: prisbasbelopp per year in kronor (added to or replacing the published
 * table), court fees per track in kronor, and how many days before a deadline its reminder goes
 * out. A malformed value is ignored (the defaults apply) rather than blocking every lawsuit.
 * @example { "prisbasbelopp": { "2027": 60000 }, "court_fees": { "FT": 900, "ORD": 2800 }, "reminder_days": 7 }
 */
const lawsuitSettingsSchema = z.object({
  prisbasbelopp: z.record(z.string().regex(/^\d{4}$/), z.number().int().positive()).optional(),
  court_fees: z.object({ FT: z.number().int().positive().optional(), ORD: z.number().int().positive().optional() }).optional(),
  reminder_days: z.number().int().min(0).max(90).optional(),
});

export interface LawsuitSettings {
  prisbasbelopp: Readonly<Record<number, number>>;
  courtFees: Partial<Record<LawsuitTrack, Ore>>;
  reminderDays: number;
}

/** The organisation's lawsuit settings over the defaults (core PRISBASBELOPP_KR, DEFAULT_COURT_FEES). */
export async function loadLawsuitSettings(db: Db, orgId: string): Promise<LawsuitSettings> {
  const org = await findOrganisationRow(db, orgId);
  const parsed = lawsuitSettingsSchema.safeParse(org?.settings_json?.[LAWSUIT_SETTINGS_KEY] ?? {});
  const own = parsed.success ? parsed.data : {};
  const courtFees: Partial<Record<LawsuitTrack, Ore>> = {};
  if (own.court_fees?.FT !== undefined) courtFees.FT = kronor(own.court_fees.FT);
  if (own.court_fees?.ORD !== undefined) courtFees.ORD = kronor(own.court_fees.ORD);
  return {
    prisbasbelopp: { ...PRISBASBELOPP_KR, ...Object.fromEntries(Object.entries(own.prisbasbelopp ?? {}).map(([year, amount]) => [Number(year), amount])) },
    courtFees,
    reminderDays: own.reminder_days ?? DEFAULT_DEADLINE_REMINDER_DAYS,
  };
}
