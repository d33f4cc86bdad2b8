import { JOB_STATUSES } from '@fordran/core';
import { isoInstantSchema } from './values';
import { z } from './zod-setup';

const jobStatusSchema = z.enum(JOB_STATUSES, { error: `Status måste vara en av ${JOB_STATUSES.join(', ')}` });
const jsonObject = z.record(z.string(), z.unknown());

/**
 * A job to put on the queue (`enqueueJob`). The payload is what the handler of `job_type` reads;
 * keep it small (ids, a stored file's key), not the file itself.
 */
export const enqueueJobSchema = z.object({
  org_id: z.string().min(1),
  job_type: z.string().trim().min(1, 'Jobbtyp krävs').max(100, 'Jobbtypen får vara högst 100 tecken'),
  payload: jsonObject.default({}),
  /** Not before this instant (default now). */
  run_at: isoInstantSchema.optional(),
  /** Attempts before the job is failed (default 3). */
  max_attempts: z.number().int().min(1, 'Minst ett försök').max(20, 'Högst 20 försök').default(3),
});
export type EnqueueJobInput = z.input<typeof enqueueJobSchema>;

/** `GET …/jobs?status=&retryable=&limit=`: the latest jobs, newest first. */
export const jobListQuerySchema = z.object({
  status: jobStatusSchema.optional(),
  /** true: only the jobs staff may run again (failed or stuck), those that need someone. */
  retryable: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: 'retryable måste vara true eller false' })
    .optional(),
  limit: z.coerce.number({ error: 'Ogiltig gräns' }).int('Ogiltig gräns').min(1, 'Ogiltig gräns').max(200, 'Högst 200 rader per anrop').default(50),
});
export type JobListQuery = z.input<typeof jobListQuerySchema>;

/** A job as the API shows it (the payload stays inside: it may hold references the reader need not see). */
export const jobResponseSchema = z.object({
  id: z.string(),
  job_type: z.string(),
  status: jobStatusSchema,
  /** 0–100. */
  progress: z.number().int(),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** What the handler returned (completed), or `{error:{code,message,details?}}` when input was refused. */
  result: jsonObject.nullable(),
  run_at: z.string(),
  /** Until when its worker holds a processing job (renewed every few seconds while it runs); else null. */
  lease_expires_at: z.string().nullable(),
  /**
   * Staff may run it again (`POST …/jobs/:id/retry`): failed, or stuck — processing with a lapsed
   * lease or without progress for 10 minutes.
   */
  retryable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JobResponse = z.infer<typeof jobResponseSchema>;

export const jobListResponseSchema = z.object({ items: z.array(jobResponseSchema) });
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

/** Jobs of the organisation per status (the job queue card on /bank-reconciliation). */
export const jobStatsResponseSchema = z.object({
  pending: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  retry: z.number().int(),
});
export type JobStatsResponse = z.infer<typeof jobStatsResponseSchema>;

/** The data of an SSE `job` event: every status and (throttled) progress change. */
export const jobEventSchema = z.object({
  id: z.string(),
  job_type: z.string(),
  status: jobStatusSchema,
  progress: z.number().int(),
  attempts: z.number().int(),
  /** Only when completed, or failed on refused input. */
  result: jsonObject.optional(),
  /** Only after a failed attempt. */
  last_error: z.string().optional(),
  /** What the handler said with its progress, e.g. 'Rad 4 000 av 10 000'. */
  note: z.string().optional(),
});
export type JobEvent = z.infer<typeof jobEventSchema>;
