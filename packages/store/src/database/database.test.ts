import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../open-store';
import { organisations } from '../schema';
import { createTestDatabase, describePostgres, type TestDatabase } from '../testing/postgres';
import type { Database, Db } from './database';
import { openPostgresDatabase, sqlState } from './postgres';
import { openSqliteDatabase } from './sqlite';
import { afterCommit } from './transaction-scope';

/*
 * The engine-neutral store's contract, run on both engines: what the services may rely on
 * whichever answers. Then what each engine adds: SQLite's in-process queue and asynchronous lock
 * wait, PostgreSQL's SERIALIZABLE retries across instances.
 */

const names = async (db: Db) => (await db.select({ name: organisations.name }).from(organisations).orderBy(organisations.name)).map((row) => row.name);
const addOrg = (tx: Db, name: string) => tx.insert(organisations).values({ id: name, name });

/** Reads the counter kept in org_no, waits a little, writes it + 1: interleaved, updates get lost. */
async function increment(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    const [row] = await tx.select({ count: organisations.org_no }).from(organisations).where(eq(organisations.id, 'Räknare'));
    await sleep(Math.random() * 3);
    await tx
      .update(organisations)
      .set({ org_no: String(Number(row?.count ?? 0) + 1) })
      .where(eq(organisations.id, 'Räknare'));
  });
}

async function counter(database: Database): Promise<string | null | undefined> {
  return (await database.db.select({ count: organisations.org_no }).from(organisations).where(eq(organisations.id, 'Räknare')))[0]?.count;
}

/** The behaviour every engine gives; `open()` returns a fresh, empty, migrated database. */
function storeContract(open: () => Promise<Database>) {
  let database: Database;
  beforeEach(async () => {
    database = await open();
  });
  afterEach(async () => {
    await database.close();
  });

  it('commits a transaction whole and answers reads outside it from committed data', async () => {
    const inserted = await database.transaction(async (tx) => {
      await addOrg(tx, 'Alfa Inkasso');
      await addOrg(tx, 'Beta Inkasso');
      return tx.select().from(organisations);
    });
    expect(inserted).toHaveLength(2);
    expect(await names(database.db)).toEqual(['Alfa Inkasso', 'Beta Inkasso']);
  });

  it('rolls back every write of a transaction that rejects, and rejects with its error', async () => {
    await expect(
      database.transaction(async (tx) => {
        await addOrg(tx, 'Alfa Inkasso');
        throw new Error('avbrutet');
      }),
    ).rejects.toThrow('avbrutet');
    expect(await names(database.db)).toEqual([]);
  });

  it('never shows a running transaction’s writes to a read outside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const wrote = new Promise<void>((resolve) => (inserted = resolve));
    const running = database.transaction(async (tx) => {
      await addOrg(tx, 'Alfa Inkasso');
      inserted();
      await held;
    });
    await wrote;
    expect(await names(database.db)).toEqual([]);
    release();
    await running;
    expect(await names(database.db)).toEqual(['Alfa Inkasso']);
  });

  it('loses no update when concurrent transactions read, then write the same row', async () => {
    await database.transaction((tx) => addOrg(tx, 'Räknare').then(() => undefined));
    await Promise.all(Array.from({ length: 20 }, () => increment(database)));
    expect(await counter(database)).toBe('20');
  });

  it('joins a transaction started inside another as a savepoint that rolls back alone', async () => {
    await database.transaction(async (tx) => {
      await addOrg(tx, 'Alfa Inkasso');
      await expect(
        database.transaction(async (inner) => {
          expect(inner).toBe(tx);
          await addOrg(inner, 'Beta Inkasso');
          throw new Error('inre fel');
        }),
      ).rejects.toThrow('inre fel');
      await database.transaction((inner) => addOrg(inner, 'Gamma Inkasso').then(() => undefined));
    });
    expect(await names(database.db)).toEqual(['Alfa Inkasso', 'Gamma Inkasso']);
  });

  it('runs after-commit effects once the outermost transaction commits, and drops them on rollback', async () => {
    const effects: string[] = [];
    await database.transaction(async (tx) => {
      await addOrg(tx, 'Alfa Inkasso');
      afterCommit(() => effects.push('committed'));
      await database
        .transaction(async () => {
          afterCommit(() => effects.push('rolled back savepoint'));
          throw new Error('inre fel');
        })
        .catch(() => undefined);
      expect(effects).toEqual([]);
    });
    await database
      .transaction(async () => {
        afterCommit(() => effects.push('rolled back'));
        throw new Error('fel');
      })
      .catch(() => undefined);
    afterCommit(() => effects.push('outside'));
    expect(effects).toEqual(['committed', 'outside']);
  });

  it('closes after the transactions that are running have finished', async () => {
    let finished = false;
    const running = database.transaction(async (tx) => {
      await sleep(20);
      await addOrg(tx, 'Alfa Inkasso');
      finished = true;
    });
    await database.close();
    expect(finished).toBe(true);
    await running;
    database = await open();
  });
}

describe('the SQLite engine', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fordran-database-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  let files = 0;
  storeContract(async () => openSqliteDatabase(join(dir, `fordran-${(files += 1)}.db`)));

  it('runs write transactions one at a time, in order of arrival', async () => {
    const database = openSqliteDatabase(join(dir, 'fordran.db'));
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        database.transaction(async () => {
          await sleep(Math.random() * 3);
          order.push(i);
        }),
      ),
    );
    expect(order).toEqual([...Array(10).keys()]);
    expect(database.engine).toBe('sqlite');
    await database.close();
  });

  it('waits asynchronously while another process holds the write lock: the event loop keeps running', async () => {
    const database = openSqliteDatabase(join(dir, 'fordran.db'));
    const other = openStore(join(dir, 'fordran.db'), { migrate: false });
    other.sqlite.exec('BEGIN IMMEDIATE');
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    const waiting = database.transaction((tx) => addOrg(tx, 'Alfa Inkasso').then(() => 'klar'));
    await sleep(100);
    expect(ticks).toBeGreaterThan(3);
    other.sqlite.exec('COMMIT');
    expect(await waiting).toBe('klar');
    clearInterval(ticker);
    other.close();
    expect(await names(database.db)).toEqual(['Alfa Inkasso']);
    await database.close();
  });
});

describePostgres('the PostgreSQL engine', () => {
  const server: TestDatabase[] = [];
  afterAll(async () => {
    for (const created of server) await created.drop();
  });
  const fresh = async () => {
    const created = await createTestDatabase();
    server.push(created);
    return openPostgresDatabase(created.url, { poolSize: 4 });
  };
  storeContract(fresh);

  describe('two instances on one database', () => {
    let first: Database;
    let second: Database;
    beforeAll(async () => {
      first = await fresh();
      const url = server[server.length - 1]!.url;
      second = await openPostgresDatabase(url, { poolSize: 4 });
    });
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    it('loses no update when both read, then write the same row at once (SERIALIZABLE, run again)', async () => {
      await first.transaction((tx) => addOrg(tx, 'Räknare').then(() => undefined));
      await Promise.all(Array.from({ length: 30 }, (_, i) => increment(i % 2 === 0 ? first : second)));
      expect(await counter(first)).toBe('30');
      expect(first.engine).toBe('postgres');
    });

    it('gives up with the serialization failure when the retries are spent', async () => {
      const attempts = Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 === 0 ? first : second).transaction(
            async (tx) => {
              const [row] = await tx.select({ count: organisations.org_no }).from(organisations).where(eq(organisations.id, 'Räknare'));
              await sleep(30);
              await tx
                .update(organisations)
                .set({ org_no: String(Number(row?.count ?? 0) + 1) })
                .where(eq(organisations.id, 'Räknare'));
            },
            { retries: 0 },
          ),
        ),
      );
      const failure = await attempts.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(sqlState(failure)).toBe('40001');
    });
  });
});
