import { createRoute, z } from '@hono/zod-openapi';
import { createRouter, jsonContent } from './route-kit';

/** Liveness: `{status:'ok', version, database}`, the database being the engine that answers. */
export function healthRoutes() {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/api/health',
      tags: ['System'],
      summary: 'Hälsokontroll',
      responses: { 200: jsonContent(z.object({ status: z.literal('ok'), version: z.string(), database: z.enum(['sqlite', 'postgres']) }), 'Servern svarar') },
    }),
    (c) => c.json({ status: 'ok' as const, version: c.get('app').config.version, database: c.get('app').database.engine }, 200),
  );
}
