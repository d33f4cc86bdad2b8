import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '@fordran/core';
import { openPostgresDatabase, openSqliteDatabase, type Database } from '../database';
import { storedFiles } from '../schema';
import { createTestDatabase, describePostgres, type TestDatabase } from '../testing/postgres';
import { assertValidFileKey, createDatabaseFileStorage, createLocalFileStorage, type FileStorage } from '.';

/*
 * The FileStorage contract, run against every implementation: the folder on local disk (SQLite
 * deployments) and the database (stored_files: PostgreSQL deployments, where every instance reads
 * what another stored; also on SQLite, where the table exists too). Whatever the services see must
 * not depend on which one answers.
 */

const text = (value: string) => new TextEncoder().encode(value);
const decoded = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const BAD_KEYS = ['../escape.txt', 'a/../../escape.txt', 'a/..', '..', 'a..b', '/etc/passwd', 'a//b', './a', 'a\\b', '', 'a/b c', 'a/', 'x'.repeat(513)];

interface Implementation {
  files: FileStorage;
  /** Where a refused key must not have written anything. */
  outside: string;
  close(): Promise<void>;
}

function fileStorageContract(open: (dir: string) => Promise<Implementation>) {
  let dir: string;
  let implementation: Implementation;
  let files: FileStorage;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fordran-files-'));
    implementation = await open(dir);
    files = implementation.files;
  });
  afterEach(async () => {
    await implementation.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives back every byte and the content type it was given', async () => {
    const everyByte = Uint8Array.from({ length: 256 }, (_, i) => i);
    await files.put('user-1/avatar.png', everyByte, 'image/png');
    const stored = await files.get('user-1/avatar.png');
    expect(stored?.contentType).toBe('image/png');
    expect(Array.from(stored?.bytes ?? [])).toEqual(Array.from(everyByte));
  });

  it('keeps an empty file and a large one (3 MB) whole', async () => {
    const large = new Uint8Array(randomBytes(3 * 1024 * 1024));
    await files.put('orgs/o1/bank-files/large.txt', large, 'text/plain');
    await files.put('orgs/o1/bank-files/empty.txt', new Uint8Array(0), 'text/plain');
    expect(Buffer.from((await files.get('orgs/o1/bank-files/large.txt'))!.bytes).equals(Buffer.from(large))).toBe(true);
    expect((await files.get('orgs/o1/bank-files/empty.txt'))?.bytes.byteLength).toBe(0);
  });

  it('stores the bytes as they were at put: changing the array afterwards changes nothing', async () => {
    const bytes = text('före');
    await files.put('a.txt', bytes, 'text/plain');
    bytes.fill(0);
    expect(decoded((await files.get('a.txt'))?.bytes)).toBe('före');
  });

  it('put replaces an existing file, content type too', async () => {
    await files.put('a.txt', text('först'), 'text/plain');
    await files.put('a.txt', text('sedan'), 'text/markdown');
    const stored = await files.get('a.txt');
    expect(decoded(stored?.bytes)).toBe('sedan');
    expect(stored?.contentType).toBe('text/markdown');
  });

  it('get of a missing key, or of a key that is only a prefix of others, is null', async () => {
    expect(await files.get('missing.txt')).toBeNull();
    await files.put('folder/inside.txt', text('x'), 'text/plain');
    expect(await files.get('folder')).toBeNull();
    expect(decoded((await files.get('folder/inside.txt'))?.bytes)).toBe('x');
  });

  it('delete removes the file, leaves the others, and deleting a missing file is no error', async () => {
    await files.put('orgs/o1/bank/file.txt', text('x'), 'text/plain');
    await files.put('orgs/o1/bank/other.txt', text('y'), 'text/plain');
    await files.delete('orgs/o1/bank/file.txt');
    expect(await files.get('orgs/o1/bank/file.txt')).toBeNull();
    expect(decoded((await files.get('orgs/o1/bank/other.txt'))?.bytes)).toBe('y');
    await expect(files.delete('orgs/o1/bank/file.txt')).resolves.toBeUndefined();
    await expect(files.delete('never-stored.txt')).resolves.toBeUndefined();
  });

  it('keeps concurrent puts of one key whole: the file is one of them, never a mix', async () => {
    const versions = ['a', 'b', 'c', 'd'].map((letter) => text(letter.repeat(64 * 1024)));
    await Promise.all(versions.map((bytes, i) => files.put('race.txt', bytes, `text/v${i}`)));
    const stored = await files.get('race.txt');
    const winner = versions.findIndex((bytes) => Buffer.from(bytes).equals(Buffer.from(stored!.bytes)));
    expect(winner).toBeGreaterThanOrEqual(0);
    expect(stored?.contentType).toBe(`text/v${winner}`);
  });

  it('list names every file under a folder, at any depth, by key, with its size; nothing of other folders', async () => {
    await files.put('orgs/o1/outbox/b.eml', text('bbb'), 'message/rfc822');
    await files.put('orgs/o1/outbox/a_1.eml', text('å'), 'message/rfc822');
    await files.put('orgs/o1/outbox/deeper/c.json', text('{}'), 'application/json');
    await files.put('orgs/o1/outboxes/not-this.eml', text('x'), 'message/rfc822');
    await files.put('orgs/o2/outbox/other-org.eml', text('x'), 'message/rfc822');
    const listed = await files.list('orgs/o1/outbox');
    expect(listed.map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'orgs/o1/outbox/a_1.eml', size: 2 },
      { key: 'orgs/o1/outbox/b.eml', size: 3 },
      { key: 'orgs/o1/outbox/deeper/c.json', size: 2 },
    ]);
    for (const file of listed) expect(Number.isNaN(Date.parse(file.stored_at))).toBe(false);
    await files.delete('orgs/o1/outbox/b.eml');
    expect((await files.list('orgs/o1/outbox')).map((file) => file.key)).not.toContain('orgs/o1/outbox/b.eml');
  });

  it('list of a folder nobody stored in is empty; `_` in a folder is no wildcard', async () => {
    await files.put('orgs/oX1/outbox/a.eml', text('x'), 'message/rfc822');
    expect(await files.list('orgs/never')).toEqual([]);
    expect(await files.list('orgs/o_1')).toEqual([]);
  });

  it("list('') names every file of every folder (what `fordran db copy` moves)", async () => {
    await files.put('u1/avatar.png', text('png'), 'image/png');
    await files.put('orgs/o1/bank/s1.txt', text('rad'), 'text/plain');
    await files.put('top.txt', text('t'), 'text/plain');
    expect((await files.list('')).map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'orgs/o1/bank/s1.txt', size: 3 },
      { key: 'top.txt', size: 1 },
      { key: 'u1/avatar.png', size: 3 },
    ]);
  });

  it.each(BAD_KEYS)('refuses the key %j with a validation error, storing nothing', async (key) => {
    await expect(files.put(key, text('x'), 'text/plain')).rejects.toSatisfy(isDomainError);
    await expect(files.get(key)).rejects.toThrow(/Ogiltig filnyckel/);
    await expect(files.delete(key)).rejects.toThrow(/Ogiltig filnyckel/);
    // '' is no file, but as a folder it is the whole storage (below).
    if (key !== '') await expect(files.list(key)).rejects.toThrow(/Ogiltig filnyckel/);
    expect(existsSync(join(implementation.outside, 'escape.txt'))).toBe(false);
  });
}

describe('file keys', () => {
  it.each(BAD_KEYS)('refuses %j', (key) => {
    expect(() => assertValidFileKey(key)).toThrow(/Ogiltig filnyckel/);
  });

  it('accepts ordinary keys', () => {
    for (const key of ['avatar.png', 'user-1/avatar.jpeg', 'orgs/3f2a/kfm/F-1001_20261122.xml']) {
      expect(assertValidFileKey(key)).toBe(key);
    }
  });
});

describe('FileStorage on local disk', () => {
  fileStorageContract(async (dir) => ({ files: createLocalFileStorage(join(dir, 'files')), outside: dir, close: async () => {} }));
});

/** The database storage's own promises: it takes part in the caller's transaction. */
function databaseStorageBehaviour(open: () => Promise<Database>) {
  it('a put inside a transaction that rolls back stores nothing', async () => {
    const database = await open();
    const files = createDatabaseFileStorage(database);
    await expect(
      database.transaction(async () => {
        await files.put('orgs/o1/letters/brev.pdf', text('%PDF'), 'application/pdf');
        throw new Error('avbrutet');
      }),
    ).rejects.toThrow('avbrutet');
    expect(await files.get('orgs/o1/letters/brev.pdf')).toBeNull();
    await database.close();
  });
}

describe('FileStorage in the database, on SQLite', () => {
  const open = (dir: string) => Promise.resolve(openSqliteDatabase(join(dir, 'fordran.db')));
  fileStorageContract(async (dir) => {
    const database = await open(dir);
    return { files: createDatabaseFileStorage(database), outside: dir, close: () => database.close() };
  });
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  databaseStorageBehaviour(() => {
    const dir = mkdtempSync(join(tmpdir(), 'fordran-files-'));
    dirs.push(dir);
    return open(dir);
  });
});

describePostgres('FileStorage in the database, on PostgreSQL', () => {
  let server: TestDatabase;
  beforeAll(async () => {
    server = await createTestDatabase();
  });
  afterAll(async () => {
    await server.drop();
  });
  const open = () => openPostgresDatabase(server.url, { poolSize: 4 });

  fileStorageContract(async (dir) => {
    const database = await open();
    // One database for the whole block: each test starts from no files.
    await database.transaction(async (tx) => {
      await tx.delete(storedFiles);
    });
    return { files: createDatabaseFileStorage(database), outside: dir, close: () => database.close() };
  });
  databaseStorageBehaviour(open);

  it('what one instance stores, another reads, replaces and deletes', async () => {
    const [first, second] = await Promise.all([open(), open()]);
    const [one, two] = [createDatabaseFileStorage(first), createDatabaseFileStorage(second)];
    await one.put('orgs/o1/bank-files/bgmax.txt', text('01BGMAX'), 'text/plain');
    expect(decoded((await two.get('orgs/o1/bank-files/bgmax.txt'))?.bytes)).toBe('01BGMAX');
    await two.put('orgs/o1/bank-files/bgmax.txt', text('01BGMAX v2'), 'text/plain');
    expect(decoded((await one.get('orgs/o1/bank-files/bgmax.txt'))?.bytes)).toBe('01BGMAX v2');
    await one.delete('orgs/o1/bank-files/bgmax.txt');
    expect(await two.get('orgs/o1/bank-files/bgmax.txt')).toBeNull();
    await Promise.all([first.close(), second.close()]);
  });
});
