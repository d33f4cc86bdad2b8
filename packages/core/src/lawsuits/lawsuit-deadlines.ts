import { addDays, compareIsoDates, type IsoDate } from '../dates';

/** A procedural deadline of a lawsuit (reply to a föreläggande, a hearing …). Dates are ISO days. */
export interface LawsuitDeadlineEntry {
  code: string;
  label?: string;
  due_date: IsoDate;
  done_at?: string | null;
  /** When the reminder went out; a deadline is reminded once. */
  reminded_at?: string | null;
}

/** How many days before a deadline falls due its reminder goes out, unless the organisation says otherwise. */
export const DEFAULT_DEADLINE_REMINDER_DAYS = 7;

/**
 * The deadlines to remind about on `today`: not done, not yet reminded, and due within
 * `daysBefore` days (or already past: a deadline added late is still reminded once).
 * @example deadlinesToRemind([{ code: 'svaromal', due_date: '2026-12-01' }], '2026-11-25', 7) // that deadline
 */
export function deadlinesToRemind<D extends LawsuitDeadlineEntry>(deadlines: readonly D[], today: IsoDate, daysBefore = DEFAULT_DEADLINE_REMINDER_DAYS): D[] {
  const horizon = addDays(today, daysBefore);
  return deadlines.filter((deadline) => !deadline.done_at && !deadline.reminded_at && compareIsoDates(deadline.due_date, horizon) <= 0);
}
