import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { ApiEnv } from './env';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Serves the built UI from `uiDist`: its files as they are, and index.html for every other
 * non-API GET (the client router decides what /cases/123 shows). Returns null when there is no
 * built UI (development: Vite serves it and proxies /api).
 */
export function uiHandlers(uiDist: string | undefined): { files: MiddlewareHandler<ApiEnv>; fallback: MiddlewareHandler<ApiEnv> } | null {
  if (!uiDist || !existsSync(join(uiDist, 'index.html'))) return null;
  const serveFiles = serveStatic<ApiEnv>({ root: uiDist });
  const indexPath = join(uiDist, 'index.html');
  return {
    files: async (c, next) => (isApiPath(c.req.path) ? next() : serveFiles(c, next)),
    fallback: async (c, next) => {
      if (isApiPath(c.req.path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
      // Read on each request: a rebuilt UI is picked up without a restart.
      return c.html(readFileSync(indexPath, 'utf8'), 200, { 'Cache-Control': 'no-cache' });
    },
  };
}
