import { and, gte, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * The conditions of the long newest-first lists (journals, the system log) that page by keyset:
 * a page ends at the (instant, id) of its last row and the next page starts strictly after it in
 * the list's order (instant desc, id desc). The services' paging/keyset.ts makes and reads the
 * opaque cursors; these are the SQL of a window.
 */

/** A range of ISO instants: [from, before). Either end may be open. */
export interface InstantRange {
  from?: string;
  before?: string;
}

/** Where a page ended: the last row's sort instant and id. */
export interface KeysetPosition {
  at: string;
  id: string;
}

/** The rows of one page: within the range, and strictly after `after` (the previous page's end). */
export interface KeysetWindow extends InstantRange {
  after?: KeysetPosition;
}

/** `column` within `range` (undefined when the range is open at both ends). */
export function instantRangeCondition(column: AnyColumn, range: InstantRange): SQL | undefined {
  return and(range.from ? gte(column, range.from) : undefined, range.before ? lt(column, range.before) : undefined);
}

/**
 * The rows of `window` in (at desc, id desc) order. The upper bound is the tighter of the cursor
 * and the end of the range, stated once, so the index range starts right there: with both as
 * conditions the planner ranges over one and filters by the other, walking every row before the
 * cursor again on each page.
 */
export function keysetWindowCondition(at: AnyColumn, id: AnyColumn, window: KeysetWindow): SQL | undefined {
  const { after, before, from } = window;
  const upper = after && (!before || after.at < before) ? sql`(${at}, ${id}) < (${after.at}, ${after.id})` : before ? lt(at, before) : undefined;
  return and(from ? gte(at, from) : undefined, upper);
}
