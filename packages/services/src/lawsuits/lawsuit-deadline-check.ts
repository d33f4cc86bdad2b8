import { compareIsoDates, deadlinesToRemind, LAWSUIT_STATUSES } from '@fordran/core';
import { findCaseRow, listLawsuitRowsWithStatus, lockLawsuitRow, updateLawsuitRow, type LawsuitRow, type NotificationRow } from '@fordran/store';
import type { AppContext } from '../context';
import { findOrganisation } from '../admin/create-user';
import { swedishLocalTime } from '../clock';
import { publishNotification } from '../notifications/notifications';
import { parseInput } from '../schemas/zod-setup';
import { lawsuitDeadlineCheckSchema, type LawsuitDeadlineCheckInput, type LawsuitDeadlineCheckResult } from '../schemas/lawsuits';
import { loadLawsuitSettings } from './lawsuit-settings';
import { LAWSUIT_ENDED_STATUSES, noticeOfLawsuit } from './lawsuit-scope';
import { caseNames } from './lawsuit-view';

/** Deadlines of a lawsuit that is over are not reminded. */
const CHECKED_STATUSES = LAWSUIT_STATUSES.filter((status) => !LAWSUIT_ENDED_STATUSES.includes(status));

/**
 * One lawsuit's reminders, in one transaction on the lawsuit as it is now (its row locked): marks
 * each deadline due for one as reminded and tells who follows the lawsuit. Another instance's
 * check of the same lawsuit waits for this one and then finds nothing left to remind.
 */
async function remindLawsuit(app: AppContext, candidate: LawsuitRow, asOf: string, reminderDays: number): Promise<LawsuitDeadlineCheckResult['reminded']> {
  if (deadlinesToRemind(candidate.deadlines_json, asOf, reminderDays).length === 0) return [];
  const now = app.clock.now();
  const notices: NotificationRow[] = [];
  const reminded = await app.database.transaction(async (tx) => {
    notices.length = 0;
    const lawsuit = await lockLawsuitRow(tx, candidate.org_id, candidate.id);
    if (!lawsuit || LAWSUIT_ENDED_STATUSES.includes(lawsuit.status)) return [];
    const due = deadlinesToRemind(lawsuit.deadlines_json, asOf, reminderDays);
    if (due.length === 0) return [];
    const codes = new Set(due.map((deadline) => deadline.code));
    const deadlines = lawsuit.deadlines_json.map((deadline) => (codes.has(deadline.code) ? { ...deadline, reminded_at: now } : deadline));
    await updateLawsuitRow(tx, lawsuit.org_id, lawsuit.id, { deadlines_json: deadlines, updated_at: now });
    const caseRow = await findCaseRow(tx, { orgId: lawsuit.org_id }, lawsuit.case_id);
    const reference = caseRow ? (await caseNames(tx, caseRow)).reference_no : lawsuit.case_id;
    for (const deadline of due) {
      const when = compareIsoDates(deadline.due_date, asOf) < 0 ? 'löpte ut' : 'löper ut';
      const message = `Frist i tvistemålet på ärende ${reference}: ${deadline.label ?? deadline.code} ${when} ${deadline.due_date}`;
      notices.push(...(await noticeOfLawsuit(tx, app, { lawsuit, handler_id: caseRow?.handler_id ?? null }, message, null, 'warning')));
    }
    return due.map((deadline) => ({
      lawsuit_id: lawsuit.id,
      org_id: lawsuit.org_id,
      code: deadline.code,
      label: deadline.label ?? deadline.code,
      due_date: deadline.due_date,
    }));
  });
  for (const notice of notices) publishNotification(app, notice);
  return reminded;
}

/**
 * The nightly deadline check (`fordran lawsuits deadlines check`, and the server each day after
 * the dunning time): every deadline of a lawsuit still going that falls due within the
 * organisation's reminder days (default 7) and was not reminded is reminded once, as a warning
 * notification to the member who opened the lawsuit and the case's handler.
 */
export async function checkLawsuitDeadlines(app: AppContext, input: LawsuitDeadlineCheckInput = {}): Promise<LawsuitDeadlineCheckResult> {
  const { as_of, org } = parseInput(lawsuitDeadlineCheckSchema, input);
  const asOf = as_of ?? app.clock.today();
  const orgId = org ? (await findOrganisation(app.database.db, org)).id : null;
  const lawsuits = (await listLawsuitRowsWithStatus(app.database.db, CHECKED_STATUSES)).filter((lawsuit) => orgId === null || lawsuit.org_id === orgId);
  const reminderDays = new Map<string, number>();
  const reminded: LawsuitDeadlineCheckResult['reminded'] = [];
  for (const lawsuit of lawsuits) {
    if (!reminderDays.has(lawsuit.org_id)) reminderDays.set(lawsuit.org_id, (await loadLawsuitSettings(app.database.db, lawsuit.org_id)).reminderDays);
    reminded.push(...(await remindLawsuit(app, lawsuit, asOf, reminderDays.get(lawsuit.org_id)!)));
  }
  return { as_of: asOf, lawsuits_checked: lawsuits.length, reminded };
}

/**
 * The server's daily timer: once the Swedish clock has passed `minute` (the dunning time), the
 * day's check runs once per instance; several instances remind each deadline once (the check locks
 * each lawsuit's row before it reads its deadlines).
 */
export function startLawsuitDeadlineScheduler(
  app: AppContext,
  options: { minute: number; intervalMs?: number; log?: (line: string) => void },
): { stop(): void } {
  let lastDay: string | null = null;
  let busy = false;
  const tick = async () => {
    const local = swedishLocalTime(app.clock.now());
    if (busy || local.minute < options.minute || lastDay === local.date) return;
    busy = true;
    try {
      const result = await checkLawsuitDeadlines(app, { as_of: local.date });
      lastDay = local.date;
      if (result.reminded.length > 0) options.log?.(`tvistemål: ${result.reminded.length} frist(er) påminda`);
    } catch (error) {
      options.log?.(`fristkontrollen för tvistemål misslyckades: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 60_000);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
