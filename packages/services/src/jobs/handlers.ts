import type { JobRow, PayloadJson } from '@fordran/store';
import type { AppContext } from '../context';
import { BANK_IMPORT_JOB_TYPE, runBankImportJob } from '../payments/import-job';
import { runCommunicationDeliveryJob } from '../communications/sending/delivery-job';
import { COMMUNICATION_DELIVERY_JOB_TYPE } from '../communications/sending/delivery-queue';
import { DUNNING_RUN_JOB_TYPE, runDunningJob } from '../communications/dunning/dunning-schedule';
import { runSystemValidationJob, SYSTEM_VALIDATION_JOB_TYPE } from '../validation/validation-job';

/** What a handler gets besides its job. */
export interface JobHandlerContext {
  app: AppContext;
  /**
   * Reports progress 0–100 (rounded down, clamped), with an optional note for people
   * ('Rad 4 000 av 10 000'). Stored and published on the SSE `job` event, throttled by the
   * worker, so calling it for every row is fine.
   */
  report(progress: number, note?: string): void;
  /**
   * Aborted when the server shuts down and the job did not finish in time, or when the job's lock
   * was lost. Stop between batches when it fires (`signal.throwIfAborted()`).
   */
  signal: AbortSignal;
}

/**
 * Runs one job of its type and returns its result (JSON, stored as result_json and shown with
 * the job). Throw a DomainError for input that will never succeed (the job fails at once, the
 * error is its result); any other error is retried with back-off until max_attempts.
 * Read the payload with a zod schema: it is whatever the enqueuing use case stored.
 */
export type JobHandler = (job: JobRow, ctx: JobHandlerContext) => Promise<PayloadJson>;

/** Handlers by job_type. The worker only claims jobs whose type it has a handler for. */
export type JobHandlers = ReadonlyMap<string, JobHandler>;

/**
 * The handlers the server's worker runs. Register a job type by adding one entry here, e.g.
 * `['bank_import', runBankImportJob]`, and enqueue it with `enqueueJob(tx, app, { org_id,
 * job_type: 'bank_import', payload })` (docs/operations.md, "Background jobs").
 */
export function createJobHandlers(): Map<string, JobHandler> {
  return new Map<string, JobHandler>([
    [BANK_IMPORT_JOB_TYPE, runBankImportJob],
    [COMMUNICATION_DELIVERY_JOB_TYPE, runCommunicationDeliveryJob],
    [DUNNING_RUN_JOB_TYPE, runDunningJob],
    [SYSTEM_VALIDATION_JOB_TYPE, runSystemValidationJob],
  ]);
}
