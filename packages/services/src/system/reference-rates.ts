import { REFERENCE_RATES_SEED } from '@fordran/core';
import { referenceRates, type Store } from '@fordran/store';

/**
 * Adds the Riksbank reference rates Fordran ships with (core REFERENCE_RATES_SEED) for half-years
 * the database does not have yet. Existing rows — possibly corrected by an admin — are never
 * changed. Runs at server start; returns how many rows it added.
 */
export function ensureReferenceRates(store: Store, now: string): number {
  return store.transaction((tx) => {
    const known = new Set(tx.select({ valid_from: referenceRates.valid_from }).from(referenceRates).all().map((row) => row.valid_from));
    const missing = REFERENCE_RATES_SEED.filter((rate) => !known.has(rate.valid_from));
    if (missing.length > 0) {
      tx.insert(referenceRates)
        .values(missing.map((rate) => ({ ...rate, created_at: now, updated_at: now })))
        .run();
    }
    return missing.length;
  });
}
