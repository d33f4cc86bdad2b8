import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOre } from '../money';
import { KFM_EXAMPLE_INPUT, kfmSnapshotInputArb } from '../../test/arbitraries-kfm';
import { buildKfmSnapshot, kfmApplicationText, kfmApplicationTotal } from '.';

describe('kfmApplicationText', () => {
  it('writes the worked example with each period, each cost and the total', () => {
    const text = kfmApplicationText(buildKfmSnapshot(KFM_EXAMPLE_INPUT));
    expect(text.subject).toBe('Ansökan om betalningsföreläggande');
    expect(text.body).toContain('Svarande: Sven Svensson, personnr 19811218-9876');
    expect(text.body).toContain('2025-01-01 – 2025-06-30, 181 dagar, 10,50 %: 413,94\u00a0kr');
    expect(text.body).toContain('Ansökningsavgift: 300,00\u00a0kr');
    expect(text.body).toContain('Ersättning för arbete med ansökan: 380,00\u00a0kr');
    expect(text.body).toContain('Totalt: 9\u00a0436,84\u00a0kr');
  });

  it('states the same total as the file, for any snapshot', () => {
    fc.assert(
      fc.property(kfmSnapshotInputArb, (input) => {
        const snapshot = buildKfmSnapshot(input);
        return kfmApplicationText(snapshot).body.includes(`Totalt: ${formatOre(kfmApplicationTotal(snapshot))}`);
      }),
    );
  });
});
