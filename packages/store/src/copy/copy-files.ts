import type { FileStorage, StoredFileInfo } from '../files';

/** The files `fordran db copy` moved, and whether the target now lists each of them with its size. */
export interface FilesCopyReport {
  files: number;
  bytes: number;
  equal: boolean;
}

const listing = (files: StoredFileInfo[]) => new Set(files.map(({ key, size }) => `${key} ${size}`));

/**
 * Every file of `from` (a SQLite installation's data folder) into `to` (PostgreSQL's
 * stored_files), under the same keys: the logos, avatars, bank files and letters the copied rows
 * point at.
 */
export async function copyFiles(from: FileStorage, to: FileStorage): Promise<FilesCopyReport> {
  const listed = await from.list('');
  let bytes = 0;
  for (const { key } of listed) {
    const file = await from.get(key);
    if (!file) continue;
    await to.put(key, file.bytes, file.contentType);
    bytes += file.bytes.byteLength;
  }
  // The target may hold more: stored_files rows the source database itself carried.
  const there = listing(await to.list(''));
  return { files: listed.length, bytes, equal: [...listing(listed)].every((file) => there.has(file)) };
}
