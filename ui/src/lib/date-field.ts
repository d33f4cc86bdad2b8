// Dates are entered as YYYY-MM-DD whatever the browser's language (a native date input shows
// mm/dd/yyyy in an en-US browser). A date field is a text field read here; the calendar check is
// core's own (@fordran/core/dates), the one the server applies.
import { isIsoDate } from '@fordran/core/dates';

export const DATE_FORMAT_MESSAGE = 'Ogiltigt datum – skriv ÅÅÅÅ-MM-DD, t.ex. 2026-01-31';

/** YYYY-MM-DD, or the same eight digits without dashes (what a numeric keyboard gives). */
const DATE_TEXT = /^(\d{4})(-?)(\d{2})\2(\d{2})$/;

export type DateFieldReading = { ok: true; date: string | null } | { ok: false; message: string };

/**
 * What the text of a date field is: a real calendar date as YYYY-MM-DD, null when empty (the form
 * decides whether the field is required), or why it is refused. `min`/`max` are YYYY-MM-DD too.
 * @example readDateField('20260131') // { ok: true, date: '2026-01-31' }
 * @example readDateField('2026-02-30') // { ok: false, message: 'Ogiltigt datum – …' }
 */
export function readDateField(text: string, limits: { min?: string; max?: string } = {}): DateFieldReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, date: null };
  const match = DATE_TEXT.exec(trimmed);
  const date = match ? `${match[1]}-${match[3]}-${match[4]}` : null;
  if (date === null || !isIsoDate(date)) return { ok: false, message: DATE_FORMAT_MESSAGE };
  // ISO dates compare as text.
  if (limits.min && date < limits.min) return { ok: false, message: `Tidigast ${limits.min}` };
  if (limits.max && date > limits.max) return { ok: false, message: `Senast ${limits.max}` };
  return { ok: true, date };
}
