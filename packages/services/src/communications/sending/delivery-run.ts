import type { AppContext } from '../../context';
import { createJobWorker } from '../../jobs/worker';
import type { DeliveryRunResponse } from '../../schemas/communications';
import { runCommunicationDeliveryJob } from './delivery-job';
import { COMMUNICATION_DELIVERY_JOB_TYPE } from './delivery-queue';

/**
 * `fordran communications deliver`: a delivery worker of its own that makes every due delivery
 * attempt, one after the other, until none is due (messages waiting for the allowed hours or a
 * retry later stay queued). Claims go through the job queue, so a server running beside it never
 * makes the same attempt.
 */
export async function runDeliveriesUntilIdle(app: AppContext, options: { workerId?: string; log?: (line: string) => void } = {}): Promise<DeliveryRunResponse> {
  const worker = createJobWorker(app, {
    handlers: new Map([[COMMUNICATION_DELIVERY_JOB_TYPE, runCommunicationDeliveryJob]]),
    ...(options.workerId ? { workerId: options.workerId } : {}),
    ...(options.log ? { log: options.log } : {}),
  });
  // The last status each message reached: a message tried twice in the run counts once.
  const lastStatus = new Map<string, string>();
  let attempts = 0;
  for (let job = await worker.runOnce(); job !== null; job = await worker.runOnce()) {
    attempts += 1;
    const { communication_id, status } = job.result_json ?? {};
    lastStatus.set(typeof communication_id === 'string' ? communication_id : job.id, typeof status === 'string' ? status : job.status);
  }
  const byStatus: Record<string, number> = {};
  for (const status of lastStatus.values()) byStatus[status] = (byStatus[status] ?? 0) + 1;
  return { attempts, by_status: byStatus };
}
