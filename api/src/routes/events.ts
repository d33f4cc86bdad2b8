import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { subscribeToOrganisation, type RealtimeEvent } from '@fordran/services';
import { requireOrg, requireUserOrQueryToken } from '../middleware/auth';
import { bearerSecurity, createRouter, errorResponses, orgParams } from './route-kit';

/**
 * Server-Sent Events of one organisation: `notification` (the notification), `job`
 * ({id, status, progress}), `case`, and a `ping` every 25 s so proxies keep the connection open.
 * The first event, `ready`, tells the client the subscription is live.
 */
export function eventRoutes(options: { pingMs: number }) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/orgs/{orgId}/events',
      tags: ['Realtid'],
      summary: 'Händelseström (text/event-stream); token i header eller ?access_token=',
      middleware: [requireUserOrQueryToken, requireOrg],
      security: bearerSecurity,
      request: { params: orgParams, query: z.object({ access_token: z.string().optional() }) },
      responses: {
        200: { description: 'Händelser', content: { 'text/event-stream': { schema: z.string() } } },
        ...errorResponses,
      },
    }),
    (c) => {
      const ctx = c.get('org');
      return streamSSE(c, async (stream) => {
        // Writes are chained so events leave in the order they were published.
        let queue: Promise<void> = Promise.resolve();
        const send = (event: string, data: unknown) => {
          queue = queue.then(() => (stream.closed ? undefined : stream.writeSSE({ event, data: JSON.stringify(data) }))).catch(() => undefined);
        };
        let unsubscribe = () => {};
        let ping: ReturnType<typeof setInterval> | undefined;
        await new Promise<void>((resolve) => {
          const close = () => {
            if (ping) clearInterval(ping);
            unsubscribe();
            resolve();
          };
          stream.onAbort(close);
          c.req.raw.signal.addEventListener('abort', close, { once: true });
          unsubscribe = subscribeToOrganisation(ctx, (event: RealtimeEvent) => send(event.type, event.data));
          ping = setInterval(() => send('ping', { at: ctx.app.clock.now() }), options.pingMs);
          send('ready', { org_id: ctx.membership.org_id });
        });
        await queue;
      });
    },
  );
}
