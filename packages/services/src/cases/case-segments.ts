import type { IsoDate } from '@fordran/core';
import type { CaseDay } from '@fordran/store';
import { swedishDayBounds } from '../clock';

/**
 * The day the case segments are counted on (store `caseSegmentCondition`): the dashboard counts
 * with it and the case list filters by it, so a tile's figure and the list it links to agree.
 * `today` is the Swedish calendar day.
 */
export function caseDayOf(today: IsoDate): CaseDay {
  return { date: today, ...swedishDayBounds(today) };
}
