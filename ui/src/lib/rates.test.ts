import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basisPointsToPercentPoints, percentPointsToBasisPoints } from './rates';

describe('percentage points and basis points', () => {
  it.each([
    ['8', 800],
    ['7,5', 750],
    ['8.25', 825],
    [' 0 ', 0],
    ['-1', -100],
    ['\u22120,5', -50],
  ])('%j → %i bp', (text, basisPoints) => {
    expect(percentPointsToBasisPoints(text)).toBe(basisPoints);
  });

  it.each(['', 'åtta', '8,125', '8 %', '1e2', '.5'])('%j is not a margin', (text) => {
    expect(percentPointsToBasisPoints(text)).toBeNull();
  });

  it.each([
    [800, '8'],
    [750, '7,5'],
    [825, '8,25'],
    [-100, '-1'],
    [5, '0,05'],
  ])('%i bp → %j', (basisPoints, text) => {
    expect(basisPointsToPercentPoints(basisPoints)).toBe(text);
  });

  it('reading the text of any margin gives the same basis points back', () => {
    fc.assert(fc.property(fc.integer({ min: -99_999, max: 99_999 }), (bp) => percentPointsToBasisPoints(basisPointsToPercentPoints(bp)) === bp));
  });
});
