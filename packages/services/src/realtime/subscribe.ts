import type { OrgContext } from '../context';
import { requirePermission } from '../access/membership';
import type { RealtimeEvent } from './event-bus';

/**
 * Listens to the member's organisation: events addressed to the member or to everyone. Returns
 * the unsubscribe function (call it when the connection closes).
 */
export function subscribeToOrganisation(ctx: OrgContext, listener: (event: RealtimeEvent) => void): () => void {
  requirePermission(ctx, 'notifications.read');
  const userId = ctx.actor.user_id;
  return ctx.app.events.subscribe(ctx.membership.org_id, (event) => {
    if (event.user_id === undefined || event.user_id === null || event.user_id === userId) listener(event);
  });
}
