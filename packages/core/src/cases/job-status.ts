import { defineStateMachine } from './state-machine';

/** Background job status (spec part 2 §4, job queue). */
export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed', 'retry'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_STATUS_LABELS: Readonly<Record<JobStatus, string>> = {
  pending: 'Väntar',
  processing: 'Bearbetas',
  completed: 'Klar',
  failed: 'Misslyckad',
  retry: 'Nytt försök',
};

/**
 * What each job type the services run is called where people read about it (system log,
 * notifications, the jobs needing attention); a services test checks every type has a name here.
 */
export const JOB_TYPE_LABELS: Readonly<Record<string, string>> = {
  bank_import: 'Import av bankfil',
  communication_delivery: 'Utskick av meddelande',
  dunning_run: 'Kravkörning',
  system_validation: 'Systemvalidering',
};

/** A job type's Swedish name; an unknown type is a 'Bakgrundsjobb', never its code. */
export function jobTypeLabel(jobType: string): string {
  return Object.hasOwn(JOB_TYPE_LABELS, jobType) ? JOB_TYPE_LABELS[jobType]! : 'Bakgrundsjobb';
}

/**
 * pending → processing → completed | failed | retry (a transient error, tried again later);
 * retry → processing; failed → retry when a person (or the retry policy) restarts it.
 * Completed is final.
 */
export const JOB_STATUS_TRANSITIONS: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  pending: ['processing'],
  processing: ['completed', 'failed', 'retry'],
  completed: [],
  failed: ['retry'],
  retry: ['processing'],
};

/** The job status machine as data (docs/state-machines.md, table `job_status`). */
export const JOB_STATUS_MACHINE = /* @__PURE__ */ defineStateMachine<JobStatus>({
  key: 'job_status',
  subject: 'Jobbets status',
  states: JOB_STATUSES,
  initial: 'pending',
  labels: JOB_STATUS_LABELS,
  transitions: JOB_STATUS_TRANSITIONS,
});
