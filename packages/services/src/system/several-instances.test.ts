import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '@fordran/core';
import { createTestDatabase, describePostgres, type TestDatabase } from '@fordran/store/testing';
import {
  authenticate,
  enqueueJob,
  enterOrganisation,
  notify,
  operatorContext,
  publishJob,
  signIn,
  signUp,
  subscribeToOrganisation,
  type AppContext,
  type RealtimeEvent,
} from '..';
import { openAppContext } from './open-app-context';

/*
 * Issue 17, several instances on one PostgreSQL database, as openAppContext wires them: a user
 * whose browser listens on one instance hears what happens on another (LISTEN/NOTIFY), once;
 * files stored through one instance are read through another (stored_files); the sign-in and
 * sign-up rate limits count attempts made through every instance (auth_attempts, checked and
 * written in one SERIALIZABLE transaction). On SQLite the app keeps its in-process bus and its
 * files folder.
 */

const SECRET = 'a-test-secret-of-reasonable-length';
const PASSWORD = 'ett långt och hemligt lösenord';

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(10);
  }
}

/** The error code a use case was refused with, or 'ok'. */
async function outcome(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
}

describe('openAppContext on SQLite', () => {
  it('keeps files in the data folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fordran-sqlite-'));
    const app = await openAppContext({ dbPath: join(dir, 'f.db'), dataDir: dir, secret: SECRET, seedReferenceRates: false });
    await app.files.put('orgs/o1/bank-files/a.txt', new TextEncoder().encode('x'), 'text/plain');
    expect(existsSync(join(dir, 'files', 'objects', 'orgs', 'o1', 'bank-files', 'a.txt'))).toBe(true);
    expect(app.database.engine).toBe('sqlite');
    await app.database.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describePostgres('two instances on one PostgreSQL database', () => {
  let server: TestDatabase;
  let dir: string;
  let first: AppContext;
  let second: AppContext;

  const open = () => openAppContext({ dbPath: join(dir, 'unused.db'), databaseUrl: server.url, dataDir: dir, secret: SECRET, seedReferenceRates: false });

  beforeAll(async () => {
    server = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'fordran-instances-'));
    [first, second] = [await open(), await open()];
  });
  afterAll(async () => {
    await Promise.all([first.database.close(), second.database.close()]);
    await server.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('live events', () => {
    let orgId: string;
    let userId: string;
    /** What the user's browser hears through each instance's SSE subscription. */
    let heard: [RealtimeEvent[], RealtimeEvent[]];

    beforeAll(async () => {
      await signUp(first, { email: 'eva@example.se', password: PASSWORD, full_name: 'Eva Ek' });
      orgId = (await operatorContext(first, 'Eva Eks organisation')).membership.org_id;
      // Signed in through the first instance; the token works on the second (shared secret).
      const session = await signIn(first, { email: 'eva@example.se', password: PASSWORD });
      userId = session.user.id;
      heard = [[], []];
      for (const [i, app] of [first, second].entries()) {
        const ctx = await enterOrganisation({ app, actor: await authenticate(app, session.access_token) }, orgId);
        subscribeToOrganisation(ctx, (event) => heard[i]!.push(event));
      }
    });
    beforeEach(() => {
      heard[0].length = 0;
      heard[1].length = 0;
    });

    const messages = (events: RealtimeEvent[]) => events.map((event) => (event.data as { message?: string }).message);

    it('reach the user on the other instance, and on each instance once', async () => {
      await notify(first, { org_id: orgId, user_id: userId, message: 'Inbetalning matchad' });
      await notify(second, { org_id: orgId, message: 'Nattkörningen är klar' });
      await until(() => heard[0].length >= 2 && heard[1].length >= 2);
      await sleep(100); // an echo delivered twice would have arrived by now
      // Each instance hears its own events at once and the other's a moment later (NOTIFY), so the
      // order across instances is not promised: each event once, the same event on both.
      const sorted = (events: RealtimeEvent[]) => [...events].sort((a, b) => String(messages([a])[0]).localeCompare(String(messages([b])[0])));
      expect(messages(sorted(heard[0]))).toEqual(['Inbetalning matchad', 'Nattkörningen är klar']);
      expect(messages(sorted(heard[1]))).toEqual(['Inbetalning matchad', 'Nattkörningen är klar']);
      expect(sorted(heard[1])).toEqual(sorted(heard[0]));
    });

    it('carry an event far beyond the 8000-byte NOTIFY limit (a job with a large result) whole', async () => {
      const result = { unmatched: Array.from({ length: 2000 }, (_, i) => ({ line: i + 1, name: 'Åsa Öberg', amount: 123_450 })) };
      const job = await first.database.transaction((tx) => enqueueJob(tx, first, { org_id: orgId, job_type: 'bank_import', payload: {} }));
      publishJob(first, { ...job, status: 'completed', progress: 100, attempts: 1, result_json: result });
      await until(() => heard[1].length >= 1);
      expect(JSON.stringify(heard[1][0]).length).toBeGreaterThan(50_000);
      expect(heard[1]).toEqual([
        { type: 'job', org_id: orgId, data: { id: job.id, job_type: 'bank_import', status: 'completed', progress: 100, attempts: 1, result } },
      ]);
      expect(heard[0]).toEqual(heard[1]);
    });

    it('never reach a subscriber of another organisation', async () => {
      const elsewhere: RealtimeEvent[] = [];
      const stop = second.events.subscribe('another-org', (event) => elsewhere.push(event));
      await notify(first, { org_id: orgId, message: 'Bara för Eva Eks organisation' });
      await until(() => heard[1].length >= 1);
      stop();
      expect(elsewhere).toEqual([]);
    });
  });

  it('files stored through one instance are read through the other (in the database, not in the data folder)', async () => {
    const bytes = new Uint8Array([0x30, 0x31, 0xc3, 0xa5, 0x00, 0xff]);
    await first.files.put('orgs/o1/bank-files/bgmax.txt', bytes, 'text/plain');
    expect(await second.files.get('orgs/o1/bank-files/bgmax.txt')).toEqual({ bytes, contentType: 'text/plain' });
    await second.files.delete('orgs/o1/bank-files/bgmax.txt');
    expect(await first.files.get('orgs/o1/bank-files/bgmax.txt')).toBeNull();
    expect(existsSync(join(dir, 'files'))).toBe(false);
  });

  describe('rate limits count attempts made through every instance', () => {
    it('sign-in: five wrong passwords spread over both instances lock the e-mail on both, the right one too', async () => {
      await signUp(second, { email: 'olle@example.se', password: PASSWORD, full_name: 'Olle Berg' });
      const attempt = (app: AppContext, password: string) => outcome(signIn(app, { email: 'olle@example.se', password }));
      const wrong = [];
      for (let i = 0; i < 5; i += 1) wrong.push(await attempt(i % 2 === 0 ? first : second, `fel lösenord ${i}`));
      expect(wrong).toEqual(Array(5).fill('INVALID_CREDENTIALS'));
      expect(await attempt(second, PASSWORD)).toBe('RATE_LIMITED');
      expect(await attempt(first, PASSWORD)).toBe('RATE_LIMITED');
    });

    it('sign-in: a burst of guesses split between the instances at once is cut at the limit', async () => {
      const meta = { ip: '192.0.2.7' };
      const guesses = await Promise.all(
        Array.from({ length: 12 }, (_, i) => outcome(signIn(i % 2 === 0 ? first : second, { email: 'ingen@example.se', password: `gissning ${i}` }, meta))),
      );
      expect(guesses.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(5);
      expect(guesses.filter((code) => code === 'RATE_LIMITED')).toHaveLength(7);
    });

    it('sign-up: three sign-ups of one e-mail through either instance, the fourth refused on both', async () => {
      const attempt = (app: AppContext) => outcome(signUp(app, { email: 'kim@example.se', password: PASSWORD, full_name: 'Kim Ström' }));
      expect([await attempt(first), await attempt(second), await attempt(first)]).toEqual(['ok', 'ok', 'ok']);
      expect(await attempt(second)).toBe('RATE_LIMITED');
      expect(await attempt(first)).toBe('RATE_LIMITED');
    });
  });
});
