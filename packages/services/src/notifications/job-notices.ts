import { jobTypeLabel } from '@fordran/core';
import type { Db, JobRow, NotificationRow } from '@fordran/store';
import type { AppContext } from '../context';
import { insertNotification } from './notifications';

/*
 * A background job tells whoever started it how it ended. Convention: a job whose payload names
 * `actor_id` (the user who asked for it; the bank import does) notifies that user when it is
 * completed or has finally failed. A job without one (the system's own) tells nobody. This is the
 * one case where the actor is told of their own action: they asked and went on with other work.
 */

/** Where the outcome of each job type is looked at. */
const JOB_PAGES: Readonly<Record<string, string>> = { bank_import: '/payments' };

/** The notice's limit (notifyInputSchema). */
const MAX_MESSAGE_LENGTH = 1000;

function field(source: unknown, key: string): unknown {
  return typeof source === 'object' && source !== null ? (source as Record<string, unknown>)[key] : undefined;
}

function textField(source: unknown, key: string): string | null {
  const value = field(source, key);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** A bank import's figures: "12 inbetalningar, 10 matchade, 2 att matcha". */
function bankImportFigures(result: unknown): string | null {
  const count = (key: string) => {
    const value = field(result, key);
    return typeof value === 'number' ? value : null;
  };
  const payments = count('payments');
  if (payments === null) return null;
  const parts = [`${payments} ${payments === 1 ? 'inbetalning' : 'inbetalningar'}`];
  const matched = count('matched');
  const unmatched = count('unmatched');
  const duplicates = count('duplicates');
  if (matched) parts.push(`${matched} matchade`);
  if (unmatched) parts.push(`${unmatched} att matcha`);
  if (duplicates) parts.push(`${duplicates} redan bokade`);
  return parts.join(', ');
}

/** The notice of a job that has just completed or failed (in the same transaction); null when nobody is told. */
export async function noticeOfJobOutcome(tx: Db, app: AppContext, job: JobRow): Promise<NotificationRow | null> {
  const actorId = textField(job.payload_json, 'actor_id');
  if (!actorId || (job.status !== 'completed' && job.status !== 'failed')) return null;
  const what = [jobTypeLabel(job.job_type), textField(job.payload_json, 'file_name')].filter(Boolean).join(' ');
  const message =
    job.status === 'completed'
      ? [`${what} är klar`, job.job_type === 'bank_import' ? bankImportFigures(job.result_json) : null].filter(Boolean).join(': ')
      : `${what} misslyckades: ${textField(field(job.result_json, 'error'), 'message') ?? job.last_error ?? 'okänt fel'}`;
  return insertNotification(
    tx,
    app,
    {
      org_id: job.org_id,
      user_id: actorId,
      type: job.status === 'completed' ? 'success' : 'error',
      message: message.slice(0, MAX_MESSAGE_LENGTH),
      link: JOB_PAGES[job.job_type] ?? null,
    },
    null,
  );
}
