import { DomainError } from '@fordran/core';
import type { KeysetPosition } from '@fordran/store';

/*
 * Keyset (cursor) paging of the long newest-first lists: journals and the system log. A page
 * ends at the (instant, id) of its last row and the next page starts strictly after it in the
 * list's order (instant desc, id desc). Unlike OFFSET a page costs one index range however deep
 * it is, and rows written between two requests neither repeat on nor vanish from later pages.
 * The cursor is opaque to clients: base64url of the last row's position. The window's SQL is the
 * store's (queries/keyset.ts).
 */

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id]), 'utf8').toString('base64url');
}

/** The position a cursor names, or VALIDATION_FAILED ('Ogiltig sidmarkör') for anything else. */
export function decodeCursor(cursor: string): KeysetPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string' && part.length > 0)) {
      return { at: value[0] as string, id: value[1] as string };
    }
  } catch {
    // Not base64url JSON: refused below like any other malformed cursor.
  }
  throw new DomainError('VALIDATION_FAILED', 'Ogiltig sidmarkör', { cursor });
}

/**
 * One page from `limit + 1` rows read in list order: the first `limit`, and the cursor of the
 * next page when the extra row shows there is one.
 */
export function keysetPage<T>(rows: readonly T[], limit: number, positionOf: (row: T) => KeysetPosition): { rows: T[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  return { rows: page, next_cursor: rows.length > limit ? encodeCursor(positionOf(page[page.length - 1]!)) : null };
}
