import {
  allowedStateMachineTransitions,
  assertStateMachineTransition,
  canStateMachineTransition,
  defineStateMachine,
  isStateMachineState,
} from './state-machine';

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
export const JOB_STATUS_MACHINE = defineStateMachine<JobStatus>({
  key: 'job_status',
  subject: 'Jobbets status',
  states: JOB_STATUSES,
  initial: 'pending',
  labels: JOB_STATUS_LABELS,
  transitions: JOB_STATUS_TRANSITIONS,
});

/**
 * Type guard for a stored value.
 * @example isJobStatus('retry') // true
 */
export function isJobStatus(value: unknown): value is JobStatus {
  return isStateMachineState(JOB_STATUS_MACHINE, value);
}

/**
 * Whether the table allows `from → to`.
 * @example canTransitionJobStatus('processing', 'retry') // true
 */
export function canTransitionJobStatus(from: JobStatus, to: JobStatus): boolean {
  return canStateMachineTransition(JOB_STATUS_MACHINE, from, to);
}

/**
 * Throws INVALID_TRANSITION (naming both labels) unless the table allows `from → to`.
 * @example assertJobStatusTransition('completed', 'processing') // throws "… från Klar till Bearbetas"
 */
export function assertJobStatusTransition(from: JobStatus, to: JobStatus): void {
  assertStateMachineTransition(JOB_STATUS_MACHINE, from, to);
}

/**
 * The states allowed next from `from`, for the UI's buttons.
 * @example allowedJobStatusTransitions('processing') // ['completed', 'failed', 'retry']
 */
export function allowedJobStatusTransitions(from: JobStatus): readonly JobStatus[] {
  return allowedStateMachineTransitions(JOB_STATUS_MACHINE, from);
}
