import fc from 'fast-check';
import { MAX_ABS_ORE, ore, type Ore } from '../src/money';
import { fromDayNumber, toDayNumber, type IsoDate } from '../src/dates';

/** Non-negative amounts up to 100 million kr, in öre. */
export const oreArb: fc.Arbitrary<Ore> = fc.integer({ min: 0, max: 10_000_000_000 }).map(ore);

/** Signed amounts across the whole accepted range. */
export const signedOreArb: fc.Arbitrary<Ore> = fc.integer({ min: -MAX_ABS_ORE, max: MAX_ABS_ORE }).map(ore);

/** Positive amounts (at least 1 öre). */
export const positiveOreArb: fc.Arbitrary<Ore> = fc.integer({ min: 1, max: 10_000_000_000 }).map(ore);

const DAY_1900 = toDayNumber('1900-01-01');
const DAY_2100 = toDayNumber('2100-12-31');

/** Calendar dates 1900–2100 as ISO strings. */
export const isoDateArb: fc.Arbitrary<IsoDate> = fc.integer({ min: DAY_1900, max: DAY_2100 }).map(fromDayNumber);

/** Dates in a window around the present, where reference rates exist (2019-01-01 .. 2026-12-31). */
export const recentIsoDateArb: fc.Arbitrary<IsoDate> = fc.integer({ min: toDayNumber('2019-01-01'), max: toDayNumber('2026-12-31') }).map(fromDayNumber);
