import type { Database } from '../database';
import { deleteStoredFile, findStoredFile, listStoredFiles, upsertStoredFile } from '../queries/stored-files';
import { assertValidFileKey, type FileStorage, type StoredFile } from './file-storage';

/**
 * A FileStorage in the database itself (table stored_files): what every instance on one
 * PostgreSQL reads alike, where a folder on local disk would be one machine's. Each put, get and
 * delete is one statement (a put replaces the file whole), so a reader never sees half a file.
 * Called inside a transaction, a put or delete joins it (and rolls back with it).
 * @example const files = createDatabaseFileStorage(database); await files.put('orgs/o1/bank-files/x.txt', bytes, 'text/plain');
 */
export function createDatabaseFileStorage(database: Database): FileStorage {
  return {
    async put(key, bytes, contentType) {
      assertValidFileKey(key);
      // Copied: the caller may reuse its array after put resolves.
      const content = Buffer.from(bytes);
      await database.transaction((tx) => upsertStoredFile(tx, { key, content, content_type: contentType, created_at: new Date().toISOString() }));
    },

    async get(key): Promise<StoredFile | null> {
      const stored = await findStoredFile(database.db, assertValidFileKey(key));
      if (!stored) return null;
      const { content } = stored;
      return { bytes: new Uint8Array(content.buffer, content.byteOffset, content.byteLength), contentType: stored.content_type };
    },

    async delete(key) {
      assertValidFileKey(key);
      await database.transaction((tx) => deleteStoredFile(tx, key));
    },

    async list(folder) {
      return listStoredFiles(database.db, folder === '' ? '' : `${assertValidFileKey(folder)}/`);
    },
  };
}
