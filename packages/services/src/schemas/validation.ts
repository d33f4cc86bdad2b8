import { z } from './zod-setup';

/* System validation (Systemvalidering, spec part 2 §2–3, issue 14): the report and its job. */

export const systemValidationResultSchema = z.object({
  module: z.string(),
  message: z.string(),
  status: z.enum(['pass', 'warning', 'fail']),
  details: z.string().optional(),
});

/** The validation report exactly as the spec names it (part 2 §3). */
export const systemValidationReportSchema = z.object({
  completionRate: z.number().int().min(0).max(100),
  passed: z.array(systemValidationResultSchema),
  warnings: z.array(systemValidationResultSchema),
  failures: z.array(systemValidationResultSchema),
  checkedModules: z.array(z.string()),
  timestamp: z.string(),
});
export type SystemValidationReportResponse = z.infer<typeof systemValidationReportSchema>;

/** A run queued for the job worker: follow it at /jobs/{job_id}; its result is the report. */
export const systemValidationJobResponseSchema = z.object({ job_id: z.string(), status: z.literal('pending') });
export type SystemValidationJobResponse = z.infer<typeof systemValidationJobResponseSchema>;
