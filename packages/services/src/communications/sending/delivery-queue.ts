import type { CommDeliveryRow, Db } from '@fordran/store';
import type { AppContext } from '../../context';
import { enqueueJob } from '../../jobs/job-queue';

/*
 * A delivery attempt is a job of this type on the job queue (delivery-job.ts runs it). Kept apart
 * from the handler so that sending and the message actions, which the handler itself calls (a
 * Kivra message moving to letter), can queue an attempt without importing it.
 */

export const COMMUNICATION_DELIVERY_JOB_TYPE = 'communication_delivery';

/** Job attempts (the worker dying mid-run); the message's own attempts are counted on the delivery. */
const DELIVERY_JOB_MAX_ATTEMPTS = 10;

/** Puts a delivery attempt on the job queue, inside the caller's transaction, due at `runAt` (now when omitted). */
export async function enqueueDelivery(tx: Db, app: AppContext, delivery: Pick<CommDeliveryRow, 'id' | 'org_id'>, runAt?: string): Promise<void> {
  await enqueueJob(tx, app, {
    org_id: delivery.org_id,
    job_type: COMMUNICATION_DELIVERY_JOB_TYPE,
    payload: { delivery_id: delivery.id },
    max_attempts: DELIVERY_JOB_MAX_ATTEMPTS,
    ...(runAt ? { run_at: runAt } : {}),
  });
}
