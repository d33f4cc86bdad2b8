import {
  addDays,
  basisPointsToPercentText,
  interestRatePaOn,
  LEGAL_INTEREST_PROFILE,
  REFERENCE_RATES_SEED,
  referenceRatePercentToBasisPoints,
  startOfHalfYear,
  startOfNextHalfYear,
} from '@fordran/core';
import {
  findReferenceRate,
  insertReferenceRates,
  listOrganisationIds,
  listReferenceRateRows,
  referenceRateHalfYears,
  updateReferenceRate,
  type Database,
  type ReferenceRateRow,
} from '@fordran/store';
import type { AppContext } from '../context';
import { appendAudit } from '../audit/audit-log';
import { parseInput } from '../schemas/zod-setup';
import { referenceRateSetSchema, type ReferenceRateListResponse, type ReferenceRateResponse, type ReferenceRateSetInput } from '../schemas/finance';

/**
 * Adds the Riksbank reference rates Fordran ships with (core REFERENCE_RATES_SEED) for half-years
 * the database does not have yet. Existing rows — possibly corrected by the operator — are never
 * changed. Runs at server start; returns how many rows it added.
 */
export async function ensureReferenceRates(database: Database, now: string): Promise<number> {
  return database.transaction(async (tx) => {
    const known = await referenceRateHalfYears(tx);
    const missing = REFERENCE_RATES_SEED.filter((rate) => !known.has(rate.valid_from));
    await insertReferenceRates(
      tx,
      missing.map((rate) => ({ ...rate, created_at: now, updated_at: now })),
    );
    return missing.length;
  });
}

function toResponse(row: ReferenceRateRow): ReferenceRateResponse {
  return {
    valid_from: row.valid_from,
    valid_to: addDays(startOfNextHalfYear(row.valid_from), -1),
    rate: basisPointsToPercentText(row.rate_bp),
    rate_bp: row.rate_bp,
    // Core's own rule for the half-year: reference + 8 points, floored at 0.
    legal_interest_rate: interestRatePaOn(LEGAL_INTEREST_PROFILE, row.valid_from, [row]),
    verified: row.verified,
    updated_at: row.updated_at,
  };
}

/**
 * The Riksbank reference rates per half-year, newest first, with the dröjsmålsränta each gives.
 * The table is global (the same for every organisation): any signed-in user may read it.
 */
export async function listReferenceRates(app: AppContext): Promise<ReferenceRateListResponse> {
  const rows = await listReferenceRateRows(app.database.db);
  const current = startOfHalfYear(app.clock.today());
  return { items: rows.map(toResponse), current_half_year: current, current_missing: !rows.some((row) => row.valid_from === current) };
}

/**
 * Records (or corrects) the reference rate of one half-year: the operator's command
 * (`fordran reference-rates set`), never an organisation's user, because the table is shared by
 * every organisation. `rate` is percent with at most two decimals; `verified` says it was checked
 * against the Riksbank. The change is written to every organisation's audit log, since it moves
 * the interest of all of them.
 */
export async function setReferenceRate(app: AppContext, input: ReferenceRateSetInput): Promise<ReferenceRateResponse & { previous_rate: string | null }> {
  const parsed = parseInput(referenceRateSetSchema, input);
  const rateBp = referenceRatePercentToBasisPoints(parsed.rate);
  const now = app.clock.now();
  return app.database.transaction(async (tx) => {
    const before = await findReferenceRate(tx, parsed.valid_from);
    const row = before
      ? await updateReferenceRate(tx, before.id, { rate_bp: rateBp, verified: parsed.verified, updated_at: now })
      : (await insertReferenceRates(tx, [{ valid_from: parsed.valid_from, rate_bp: rateBp, verified: parsed.verified, created_at: now, updated_at: now }]))[0]!;
    const changed = !before || before.rate_bp !== row.rate_bp || before.verified !== row.verified;
    if (changed) {
      for (const orgId of await listOrganisationIds(tx)) {
        await appendAudit(tx, {
          org_id: orgId,
          actor_id: null,
          event: 'reference_rate.set',
          entity: 'reference_rates',
          entity_id: row.id,
          payload: { valid_from: row.valid_from, rate_bp: row.rate_bp, verified: row.verified, previous_rate_bp: before?.rate_bp ?? null },
          created_at: now,
        });
      }
    }
    return { ...toResponse(row), previous_rate: before ? basisPointsToPercentText(before.rate_bp) : null };
  });
}
