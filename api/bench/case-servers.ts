// The server process of cases.bench.ts (started with fork, so the servers have an event loop
// of their own apart from the load generator's): the real app and, as the baseline, a bare Hono
// route reading the same case row with one prepared statement through the app's own connection
// (the engine's floor, scripts/bench-floor.ts). Both listen on free ports of 127.0.0.1 and answer
// the parent with their URLs; the process ends when the parent disconnects.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../src/app';
import { openBenchApp, type BenchDatabase } from '../../scripts/bench-db';
import { benchFloor } from '../../scripts/bench-floor';

export type CaseServersRequest = Pick<BenchDatabase, 'dbPath' | 'databaseUrl'>;

export interface CaseServersReady {
  appUrl: string;
  bareUrl: string;
}

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ url: string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
    server.once('error', reject);
  });
}

process.once('message', (request: CaseServersRequest) => {
  void (async () => {
    const app = await openBenchApp(request);
    const api = createApp(app, { log: (line) => console.error(`[case-servers] ${line}`) });
    const selectCase = benchFloor(app.database).caseById();
    const bare = new Hono().get('/cases/:id', async (c) => {
      const row = await selectCase(c.req.param('id'));
      return row ? c.json(row) : c.json({ error: { code: 'NOT_FOUND' } }, 404);
    });
    const servers = [await listen(api.fetch), await listen(bare.fetch)];
    process.once('disconnect', () => {
      for (const server of servers) server.close();
      void app.database.close().finally(() => process.exit(0));
    });
    const ready: CaseServersReady = { appUrl: servers[0]!.url, bareUrl: servers[1]!.url };
    process.send!(ready);
  })();
});
