import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDomainError } from '@fordran/core';
import { assertValidFileKey, createLocalFileStorage, type FileStorage } from '.';

let root: string;
let files: FileStorage;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fordran-files-'));
  files = createLocalFileStorage(join(root, 'files'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('local-disk FileStorage', () => {
  it('round-trips bytes and content type', async () => {
    const data = new Uint8Array([0, 1, 2, 250, 255]);
    await files.put('user-1/avatar.png', data, 'image/png');
    const stored = await files.get('user-1/avatar.png');
    expect(stored?.contentType).toBe('image/png');
    expect(Array.from(stored?.bytes ?? [])).toEqual([0, 1, 2, 250, 255]);
  });

  it('put replaces an existing file', async () => {
    await files.put('a.txt', bytes('först'), 'text/plain');
    await files.put('a.txt', bytes('sedan'), 'text/markdown');
    const stored = await files.get('a.txt');
    expect(new TextDecoder().decode(stored?.bytes)).toBe('sedan');
    expect(stored?.contentType).toBe('text/markdown');
  });

  it('get of a missing key (or a folder) is null', async () => {
    expect(await files.get('missing.txt')).toBeNull();
    await files.put('folder/inside.txt', bytes('x'), 'text/plain');
    expect(await files.get('folder')).toBeNull();
  });

  it('delete removes the file and is idempotent', async () => {
    await files.put('orgs/o1/bank/file.txt', bytes('x'), 'text/plain');
    await files.delete('orgs/o1/bank/file.txt');
    expect(await files.get('orgs/o1/bank/file.txt')).toBeNull();
    await expect(files.delete('orgs/o1/bank/file.txt')).resolves.toBeUndefined();
  });

  it('leaves no temporary files behind', async () => {
    await files.put('x/y.bin', bytes('data'), 'application/octet-stream');
    expect(readdirSync(join(root, 'files', 'objects', 'x'))).toEqual(['y.bin']);
  });

  it.each(['../escape.txt', 'a/../../escape.txt', 'a/..', '..', 'a..b', '/etc/passwd', 'a//b', './a', 'a\\b', '', 'a/b c', 'a/'])(
    'refuses the key %j',
    async (key) => {
      expect(() => assertValidFileKey(key)).toThrow(/Ogiltig filnyckel/);
      await expect(files.put(key, bytes('x'), 'text/plain')).rejects.toSatisfy(isDomainError);
      await expect(files.get(key)).rejects.toThrow(/Ogiltig filnyckel/);
      await expect(files.delete(key)).rejects.toThrow(/Ogiltig filnyckel/);
      expect(existsSync(join(root, 'escape.txt'))).toBe(false);
    },
  );

  it('accepts ordinary keys', () => {
    for (const key of ['avatar.png', 'user-1/avatar.jpeg', 'orgs/3f2a/kfm/F-1001_20261122.xml']) {
      expect(assertValidFileKey(key)).toBe(key);
    }
  });
});
