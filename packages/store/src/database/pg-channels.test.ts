import { setTimeout as sleep } from 'node:timers/promises';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, describePostgres, type TestDatabase } from '../testing/postgres';
import { LISTENER_APPLICATION_NAME, splitUtf8, type Channel } from './pg-channels';
import { openPostgresDatabase, type PostgresDatabase } from './postgres';

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await sleep(10);
  }
}

describe('splitUtf8 (a long message cut into NOTIFY payloads)', () => {
  it('gives parts of at most the byte limit that join to the text, never splitting a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 4, max: 40 }), (text, maxBytes) => {
        const parts = splitUtf8(text, maxBytes);
        expect(parts.join('')).toBe(text);
        for (const part of parts) {
          expect(Buffer.byteLength(part)).toBeLessThanOrEqual(maxBytes);
          // A part that ends or starts in the middle of a surrogate pair would not survive UTF-8.
          expect(Buffer.from(part).toString()).toBe(part);
        }
      }),
    );
  });
});

describePostgres('channels between instances on one PostgreSQL database', () => {
  let server: TestDatabase;
  let first: PostgresDatabase;
  let second: PostgresDatabase;
  let channels: [Channel, Channel];
  let received: [string[], string[]];
  let stops: (() => void)[];

  beforeAll(async () => {
    server = await createTestDatabase();
  });
  afterAll(async () => {
    await server.drop();
  });
  beforeEach(async () => {
    [first, second] = await Promise.all([openPostgresDatabase(server.url, { poolSize: 3 }), openPostgresDatabase(server.url, { poolSize: 3 })]);
    channels = [await first.channel('fordran_test'), await second.channel('fordran_test')];
    received = [[], []];
    stops = channels.map((channel, i) => channel.listen((message) => received[i]!.push(message)));
  });
  afterEach(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  const listenerPids = async (database: PostgresDatabase) =>
    (
      await database.pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
        LISTENER_APPLICATION_NAME,
      ])
    ).rows.map((row) => row.pid);

  it('delivers what one instance sends to every instance, itself included, once and in order', async () => {
    const sent = Array.from({ length: 40 }, (_, i) => JSON.stringify({ n: i, text: 'Påminnelse' }));
    await Promise.all(sent.map((message) => channels[0].send(message)));
    await until(() => received[0].length >= 40 && received[1].length >= 40);
    await sleep(50);
    expect(received[0]).toEqual(sent);
    expect(received[1]).toEqual(sent);
  });

  it('carries a message far beyond the 8000-byte NOTIFY limit whole, next to short ones', async () => {
    const long = JSON.stringify({ rows: Array.from({ length: 3000 }, (_, i) => `Rad ${i}: Åsa Öberg betalade 1 234,50 kr 🧾`) });
    expect(Buffer.byteLength(long)).toBeGreaterThan(100_000);
    await Promise.all([channels[1].send('före'), channels[1].send(long), channels[1].send('efter')]);
    await until(() => received[0].length >= 3 && received[1].length >= 3);
    expect(received[0]).toEqual(['före', long, 'efter']);
    expect(received[1]).toEqual(['före', long, 'efter']);
  });

  it('stops a listener that asked to, and keeps calling the others when one throws', async () => {
    stops[0]!();
    channels[1].listen(() => {
      throw new Error('lyssnaren föll');
    });
    await channels[0].send('ett');
    await until(() => received[1].length >= 1);
    await sleep(50);
    expect(received).toEqual([[], ['ett']]);
  });

  it('keeps listening after its connection is killed: it reconnects, and what is sent afterwards arrives', async () => {
    const [killed] = await listenerPids(second);
    expect((await listenerPids(second)).length).toBe(2); // one per instance
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    // Both instances' listeners go: the second one must come back on its own.
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
      LISTENER_APPLICATION_NAME,
    ]);
    await admin.end();
    await until(async () => {
      const pids = await listenerPids(second);
      return pids.length === 2 && !pids.includes(killed!);
    });
    await channels[0].send('efter återanslutning');
    await until(() => received[0].length >= 1 && received[1].length >= 1);
    expect(received).toEqual([['efter återanslutning'], ['efter återanslutning']]);
  });

  it('ends its listening connection on close', async () => {
    expect(await listenerPids(first)).toHaveLength(2);
    await second.close();
    await until(async () => (await listenerPids(first)).length === 1);
    second = await openPostgresDatabase(server.url, { poolSize: 1 });
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(first.channel('events; DROP TABLE users')).rejects.toThrow(/not a channel name/);
  });
});
