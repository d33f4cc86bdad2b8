import type { OrgContext } from '../context';
import { requirePermission } from '../access/membership';
import { roleCan } from '../access/roles';
import type { RealtimeEvent } from './event-bus';

/**
 * Listens to the member's organisation: events addressed to the member or to everyone; `job`
 * events (their results carry payment figures) only for members who may read the job queue.
 * Returns the unsubscribe function (call it when the connection closes).
 */
export function subscribeToOrganisation(ctx: OrgContext, listener: (event: RealtimeEvent) => void): () => void {
  requirePermission(ctx, 'notifications.read');
  const userId = ctx.actor.user_id;
  const seesJobs = roleCan(ctx.membership.role, 'jobs.read');
  return ctx.app.events.subscribe(ctx.membership.org_id, (event) => {
    if (event.type === 'job' && !seesJobs) return;
    if (event.user_id === undefined || event.user_id === null || event.user_id === userId) listener(event);
  });
}
