import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DomainError } from '@fordran/core';
import { assertValidFileKey, type FileStorage, type StoredFile, type StoredFileInfo } from './file-storage';

/*
 * Layout under the root folder:
 *   objects/<key>        the bytes
 *   meta/<key>.json      { contentType } (a separate tree, so no key can collide with metadata)
 * Writes go to a temporary file and are renamed into place, so a reader never sees half a file.
 */

interface FileMeta {
  contentType: string;
}

/** A write in progress (writeAtomically's temporary name): not a file yet. */
const TEMPORARY_FILE = /\.[0-9a-f-]{36}\.tmp$/;

/** Missing file, or the key names a folder (a prefix of other keys): both mean "no such file". */
function isNotFound(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
}

/**
 * A FileStorage in a folder on local disk (default: `<data folder>/files`).
 * @example const files = createLocalFileStorage('./data/files'); await files.put('a/b.txt', bytes, 'text/plain');
 */
export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const objectsRoot = join(root, 'objects');
  const metaRoot = join(root, 'meta');

  // Defence in depth: whatever passed key validation must still resolve inside the root.
  function inside(base: string, key: string, suffix = ''): string {
    const path = resolve(base, assertValidFileKey(key) + suffix);
    if (!path.startsWith(base + sep)) {
      throw new DomainError('VALIDATION_FAILED', 'Ogiltig filnyckel: utanför lagringsmappen', { key });
    }
    return path;
  }

  async function writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      const objectPath = inside(objectsRoot, key);
      const metaPath = inside(metaRoot, key, '.json');
      const meta: FileMeta = { contentType };
      await writeAtomically(metaPath, JSON.stringify(meta));
      await writeAtomically(objectPath, bytes);
    },

    async get(key): Promise<StoredFile | null> {
      const objectPath = inside(objectsRoot, key);
      const metaPath = inside(metaRoot, key, '.json');
      let bytes: Buffer;
      try {
        bytes = await readFile(objectPath);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      let contentType = 'application/octet-stream';
      try {
        const meta = JSON.parse(await readFile(metaPath, 'utf8')) as Partial<FileMeta>;
        if (typeof meta.contentType === 'string') contentType = meta.contentType;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType };
    },

    async delete(key) {
      const objectPath = inside(objectsRoot, key);
      const metaPath = inside(metaRoot, key, '.json');
      await rm(objectPath, { force: true });
      await rm(metaPath, { force: true });
    },

    async list(folder): Promise<StoredFileInfo[]> {
      const folderPath = folder === '' ? objectsRoot : inside(objectsRoot, folder);
      let entries;
      try {
        entries = await readdir(folderPath, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
      const files = entries.filter((entry) => entry.isFile() && !TEMPORARY_FILE.test(entry.name));
      const listed = await Promise.all(
        files.map(async (entry): Promise<StoredFileInfo | null> => {
          const path = join(entry.parentPath, entry.name);
          try {
            const info = await stat(path);
            return { key: relative(objectsRoot, path).split(sep).join('/'), size: info.size, stored_at: info.mtime.toISOString() };
          } catch (error) {
            // Deleted between readdir and stat: no longer a file of the folder.
            if (isNotFound(error)) return null;
            throw error;
          }
        }),
      );
      return listed.filter((file): file is StoredFileInfo => file !== null).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}
