/*
 * Run by delivery-crash.test.ts in a child process: a delivery worker whose provider writes each
 * message it takes to a log file and, at the given call, is killed (SIGKILL) right after taking
 * it — a worker that dies between the provider's acceptance and the record of it.
 */
import { appendFileSync } from 'node:fs';
import { createManualClock } from '../../clock';
import { openAppContext } from '../../system/open-app-context';
import { runDeliveriesUntilIdle } from './delivery-run';

interface ChildOptions {
  dbPath: string;
  databaseUrl?: string;
  dataDir: string;
  secret: string;
  now: string;
  log: string;
  dieAtCall: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;
let calls = 0;
const app = await openAppContext({
  dbPath: options.dbPath,
  ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
  dataDir: options.dataDir,
  secret: options.secret,
  clock: createManualClock(options.now),
  seedReferenceRates: false,
  registerUrl: null,
  providers: {
    channels: {
      clientFor: (_app, _orgId, channel) =>
        Promise.resolve({
          channel,
          provider: 'crash-test',
          simulated: true,
          send(message) {
            calls += 1;
            appendFileSync(options.log, `${message.id}\n`);
            if (calls === options.dieAtCall) process.kill(process.pid, 'SIGKILL');
            return Promise.resolve({ kind: 'accepted', provider: 'crash-test', provider_message_id: message.id, status: 'sent' });
          },
        }),
    },
  },
});
await runDeliveriesUntilIdle(app, { workerId: 'crash-child' });
await app.database.close();
