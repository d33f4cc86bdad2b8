import type { IsoDate } from '@fordran/core';
import type { InstantRange } from '@fordran/store';
import { swedishDayBounds } from '../clock';

/** The instants of the Swedish calendar days `first`..`last` (inclusive; either may be open). */
export function swedishDayRange(first: IsoDate | undefined, last: IsoDate | undefined): InstantRange {
  return {
    ...(first ? { from: swedishDayBounds(first).start } : {}),
    ...(last ? { before: swedishDayBounds(last).end } : {}),
  };
}
