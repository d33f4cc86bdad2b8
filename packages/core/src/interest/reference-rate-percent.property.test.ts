import { describe, it } from 'vitest';
import fc from 'fast-check';
import { basisPointsToPercentText } from '../kfm';
import { referenceRatePercentToBasisPoints } from '.';

describe('reference rate percent properties', () => {
  it('reading the percent text of any basis points below 100 % gives the same basis points back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -9999, max: 9999 }),
        (basisPoints) => referenceRatePercentToBasisPoints(basisPointsToPercentText(basisPoints)) === basisPoints,
      ),
    );
  });

  it('a decimal comma reads the same as a dot', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9999, max: 9999 }), (basisPoints) => {
        const text = basisPointsToPercentText(basisPoints);
        return referenceRatePercentToBasisPoints(text.replace('.', ',')) === referenceRatePercentToBasisPoints(text);
      }),
    );
  });
});
