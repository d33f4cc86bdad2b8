import { DomainError } from '@fordran/core';
import { insertScheduledDunningRunRow, listOrganisationIds, listScheduledDunningOrgIds, type JobRow, type PayloadJson } from '@fordran/store';
import type { AppContext } from '../../context';
import { operatorContext } from '../../access/operator';
import { swedishLocalTime } from '../../clock';
import type { JobHandlerContext } from '../../jobs/handlers';
import { enqueueJob } from '../../jobs/job-queue';
import { z } from '../../schemas/zod-setup';
import { runDunning, summariseDunningRun } from './dunning-run';

export const DUNNING_RUN_JOB_TYPE = 'dunning_run';

/** The Swedish time of day of the daily run unless FORDRAN_DUNNING_TIME says otherwise: before the day's letters are printed. */
export const DEFAULT_DUNNING_TIME = '06:00';

/** 'HH:MM' → minute of the day; null for 'off'. Anything else is refused with what to write. */
export function parseDunningTime(text: string): number | null {
  if (text === 'off') return null;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) throw new Error(`FORDRAN_DUNNING_TIME måste vara en tid TT:MM (svensk tid) eller off, inte "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Starts the day's dunning run of every organisation once the Swedish clock has passed `minute`:
 * a `dunning_runs` row for the day, unique per organisation (`scheduled_for`), and in the same
 * transaction its `dunning_run` job. Several instances may call this at the same moment: one
 * makes the row and the job, the others find it made and do nothing; the job queue then gives the
 * job to one worker and, if that one dies, to another. Returns how many runs it started.
 */
export async function scheduleDailyDunning(app: AppContext, minute: number): Promise<number> {
  const now = app.clock.now();
  const local = swedishLocalTime(now);
  if (local.minute < minute) return 0;
  let started = 0;
  // A plain read first: once the day's runs exist, an instance's check every minute writes nothing.
  const scheduled = await listScheduledDunningOrgIds(app.database.db, local.date);
  for (const orgId of (await listOrganisationIds(app.database.db)).filter((id) => !scheduled.has(id))) {
    started += await app.database.transaction(async (tx) => {
      const run = await insertScheduledDunningRunRow(tx, { org_id: orgId, as_of: local.date, scheduled_for: local.date, started_at: now });
      if (!run) return 0;
      await enqueueJob(tx, app, { org_id: orgId, job_type: DUNNING_RUN_JOB_TYPE, payload: { run_id: run.id, as_of: run.as_of } });
      return 1;
    });
  }
  return started;
}

const dunningJobPayloadSchema = z.object({ run_id: z.string(), as_of: z.string() });

/**
 * The `dunning_run` job: the organisation's run for its day, as the system. A job that is run
 * again (its worker died, or 'Kör igen') continues: the steps already taken are not taken again.
 * Its result is the run's counts.
 */
export async function runDunningJob(job: JobRow, { app, signal, report }: JobHandlerContext): Promise<PayloadJson> {
  const payload = dunningJobPayloadSchema.safeParse(job.payload_json);
  if (!payload.success) throw new DomainError('VALIDATION_FAILED', 'Kravkörningens jobb saknar körning och dag');
  const ctx = await operatorContext(app, job.org_id);
  const result = await runDunning(ctx, { as_of: payload.data.as_of }, { runId: payload.data.run_id, signal, onCase: (seen) => report(0, `${seen} ärenden`) });
  return { run_id: payload.data.run_id, ...summariseDunningRun(result) };
}

/** The server's timer: checks every `intervalMs` (default a minute) whether the day's runs are due. */
export function startDunningScheduler(app: AppContext, options: { minute: number; intervalMs?: number; log?: (line: string) => void }): { stop(): void } {
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const started = await scheduleDailyDunning(app, options.minute);
      if (started > 0) options.log?.(`kravkörning: ${started} organisation(er) köade för i dag`);
    } catch (error) {
      options.log?.(`kravkörning kunde inte schemaläggas: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs ?? 60_000);
  timer.unref();
  void tick();
  return { stop: () => clearInterval(timer) };
}
