import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../open-store';
import { organisations } from '../schema';
import type { Db } from './database';
import { openSqliteDatabase, type SqliteDatabase } from './sqlite';
import { afterCommit } from './transaction-scope';

let dir: string;
let database: SqliteDatabase;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fordran-database-'));
  database = openSqliteDatabase(join(dir, 'fordran.db'));
});

afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const names = async (db: Db) => (await db.select({ name: organisations.name }).from(organisations).orderBy(organisations.name)).map((row) => row.name);
const addOrg = (tx: Db, name: string) => tx.insert(organisations).values({ id: name, name });

describe('the SQLite engine behind the engine-neutral store', () => {
  it('commits a transaction whole and answers reads outside it from committed data', async () => {
    const inserted = await database.transaction(async (tx) => {
      await addOrg(tx, 'Alfa Inkasso');
      await addOrg(tx, 'Beta Inkasso');
      return tx.select().from(organisations);
    });
    expect(inserted).toHaveLength(2);
    expect(await names(database.db)).toEqual(['Alfa Inkasso', 'Beta Inkasso']);
    expect(database.engine).toBe('sqlite');
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

  it('runs concurrent transactions one at a time, in order of arrival, so read-then-write never interleaves', async () => {
    await database.transaction((tx) => addOrg(tx, 'Räknare').then(() => undefined));
    const order: number[] = [];
    // Each reads the counter, waits a little, then writes it + 1: interleaved, updates would be lost.
    const increments = Array.from({ length: 20 }, (_, i) =>
      database.transaction(async (tx) => {
        const [row] = await tx.select({ count: organisations.org_no }).from(organisations).limit(1);
        await sleep(Math.random() * 3);
        await tx
          .update(organisations)
          .set({ org_no: String(Number(row?.count ?? 0) + 1) })
          .where(eq(organisations.id, 'Räknare'));
        order.push(i);
      }),
    );
    await Promise.all(increments);
    const [row] = await database.db.select({ count: organisations.org_no }).from(organisations);
    expect(row?.count).toBe('20');
    expect(order).toEqual([...Array(20).keys()]);
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

  it('waits asynchronously while another process holds the write lock: the event loop keeps running', async () => {
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
  });

  it('closes after the transactions that are running have finished', async () => {
    const running = database.transaction(async (tx) => {
      await sleep(20);
      await addOrg(tx, 'Alfa Inkasso');
    });
    await database.close();
    await running;
    const reopened = openSqliteDatabase(join(dir, 'fordran.db'));
    expect(await names(reopened.db)).toEqual(['Alfa Inkasso']);
    await reopened.close();
    database = openSqliteDatabase(':memory:');
  });
});
