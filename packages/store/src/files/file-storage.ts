import { DomainError } from '@fordran/core';

/**
 * Where uploaded and generated files live (avatars, bank files, KFM files, letters). Services only
 * see this interface; the default implementation is a folder on local disk, and an object store
 * can replace it without touching callers.
 *
 * Keys are relative, `/`-separated paths of letters, digits, `.`, `_` and `-`, e.g.
 * `{userId}/avatar.png` or `orgs/{orgId}/bank/{statementId}.txt`; `..`, empty segments, absolute
 * paths and backslashes are refused.
 */
export interface FileStorage {
  /** Stores (or replaces) the file under `key`. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Every file under the folder `folder` (a key prefix without the trailing `/`; '' = every file), at any depth, by key. */
  list(folder: string): Promise<StoredFileInfo[]>;
}

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

/** A file as `list` names it: key, size in bytes and when it was (last) stored. */
export interface StoredFileInfo {
  key: string;
  size: number;
  /** ISO-8601 UTC. */
  stored_at: string;
}

const SEGMENT = /^[A-Za-z0-9._-]+$/;
const MAX_KEY_LENGTH = 512;

/** Throws unless `key` is a safe storage key (see FileStorage); returns it unchanged. */
export function assertValidFileKey(key: string): string {
  const reason = fileKeyProblem(key);
  if (reason) throw new DomainError('VALIDATION_FAILED', `Ogiltig filnyckel: ${reason}`, { key });
  return key;
}

function fileKeyProblem(key: string): string | null {
  if (key.length === 0) return 'tom';
  if (key.length > MAX_KEY_LENGTH) return 'för lång';
  if (key.includes('..')) return '".." är inte tillåtet';
  if (key.startsWith('/')) return 'absolut sökväg';
  const segments = key.split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.') return 'tomt led';
    if (!SEGMENT.test(segment)) return 'otillåtna tecken';
  }
  return null;
}
