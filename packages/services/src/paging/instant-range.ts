import { and, gte, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import type { IsoDate } from '@fordran/core';
import { swedishDayBounds } from '../clock';

/** A range of ISO instants: [from, before). Either end may be open. */
export interface InstantRange {
  from?: string;
  before?: string;
}

/** The instants of the Swedish calendar days `first`..`last` (inclusive; either may be open). */
export function swedishDayRange(first: IsoDate | undefined, last: IsoDate | undefined): InstantRange {
  return {
    ...(first ? { from: swedishDayBounds(first).start } : {}),
    ...(last ? { before: swedishDayBounds(last).end } : {}),
  };
}

/** `column` within `range` (undefined when the range is open at both ends). */
export function instantWithin(column: AnyColumn, range: InstantRange): SQL | undefined {
  return and(range.from ? gte(column, range.from) : undefined, range.before ? lt(column, range.before) : undefined);
}
