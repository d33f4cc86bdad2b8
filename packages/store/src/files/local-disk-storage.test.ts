import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '.';

// What only the folder on disk promises; the FileStorage contract itself is in file-storage.test.ts.

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'fordran-files-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('local-disk FileStorage', () => {
  it('keeps each file at objects/<key> and leaves no temporary files behind', async () => {
    const files = createLocalFileStorage(join(root, 'files'));
    await files.put('x/y.bin', new TextEncoder().encode('data'), 'application/octet-stream');
    await files.put('x/y.bin', new TextEncoder().encode('data 2'), 'application/octet-stream');
    expect(readdirSync(join(root, 'files', 'objects', 'x'))).toEqual(['y.bin']);
  });
});
