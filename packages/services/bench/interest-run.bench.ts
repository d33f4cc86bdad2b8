// `interest run` over the 100 000-case demo organisation (issue 4): the nightly job's cases/s
// beside a raw better-sqlite3 UPDATE of the same rows with the same values, both in
// transactions of the same batch size, and the job's interest maths alone. Figures only.
import { isDomainError, type InterestProfile, type IsoDate, type Ore, type PrincipalReduction } from '@fordran/core';
import { findOrganisationRow, listInterestProfileRows, type SqliteDatabase } from '@fordran/store';
import { createManualClock, runInterestAccrual, type InterestRunSummary } from '../src';
import { caseInterestAsOf, loadCaseSettlements } from '../src/cases/case-interest';
import { loadReferenceRates } from '../src/cases/case-state';
import { benchDatabase, engineName, openBenchApp } from '../../../scripts/bench-db';
import { heapMiB, measure, perSecond, printTable, rssMiB } from '../../../scripts/bench-util';

/** Later than the seed's today (scripts/bench-db.ts), so every case already due gets new interest. */
const AS_OF = '2026-11-22';
const BATCH = 1000;
/** The statuses the job visits (nightly-runs.ts): drafts and closed cases are left. */
const RUN_STATUSES = ['active', 'on_hold'] as const;

interface InterestColumns {
  id: string;
  total_interest: number;
  total_outstanding: number;
  interest_calculated_to: string | null;
}

export async function run(): Promise<void> {
  const bench = await benchDatabase();
  const app = await openBenchApp(bench, createManualClock(`${AS_OF}T09:00:00.000Z`));
  try {
    const db = app.database.db;
    // The comparison is with better-sqlite3 itself: this bench is SQLite's.
    const sqlite = (app.database as SqliteDatabase).sqlite;
    const orgId = bench.orgId;

    // 1. The interest maths alone: the job's inputs loaded up front, then only core's calculation.
    const rows = sqlite
      .prepare<[string], { id: string; principalOre: Ore; profileId: string | null; dueDate: IsoDate }>(
        `SELECT c.id, c.total_principal AS principalOre, c.interest_profile_id AS profileId, cl.due_date AS dueDate
           FROM cases c JOIN claims cl ON cl.id = c.claim_id
          WHERE c.org_id = ? AND c.status IN (${RUN_STATUSES.map((status) => `'${status}'`).join(', ')}) ORDER BY c.id`,
      )
      .all(orgId);
    const profiles = new Map<string, InterestProfile>((await listInterestProfileRows(db, orgId)).map((row) => [row.id, row]));
    const defaultProfileId = (await findOrganisationRow(db, orgId))?.default_interest_profile_id ?? '';
    const referenceRates = await loadReferenceRates(db);
    const reductions = new Map<string, PrincipalReduction[]>();
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH).map((row) => row.id);
      for (const [id, settled] of await loadCaseSettlements(db, orgId, batch)) reductions.set(id, settled.principalReductions);
    }
    let periods = 0;
    let computed = 0;
    const maths = await measure('interest maths only (core calculateInterestOnBalance)', rows.length, () => {
      for (const row of rows) {
        const profile = profiles.get(row.profileId ?? defaultProfileId)!;
        try {
          periods += caseInterestAsOf(
            { principalOre: row.principalOre, dueDate: row.dueDate, profile, referenceRates, principalReductions: reductions.get(row.id) ?? [] },
            AS_OF,
          ).periods.length;
          computed += 1;
        } catch (error) {
          if (!isDomainError(error) || error.code !== 'NOT_YET_DUE') throw error;
        }
      }
    });

    // 2. The whole job, as `fordran interest run --as-of 2026-11-22` runs it.
    const readColumns = sqlite.prepare<[string], InterestColumns>(
      `SELECT id, total_interest, total_outstanding, interest_calculated_to FROM cases WHERE org_id = ? AND status IN ('active', 'on_hold') ORDER BY id`,
    );
    const countJournals = sqlite.prepare<[string], number>("SELECT count(*) FROM gl_journals WHERE org_id = ? AND source = 'interest'").pluck();
    const countEntries = sqlite
      .prepare<[string], number>("SELECT count(*) FROM gl_entries e JOIN gl_journals j ON j.id = e.journal_id WHERE e.org_id = ? AND j.source = 'interest'")
      .pluck();
    const interestBookings = () => ({ journals: countJournals.get(orgId) ?? 0, entries: countEntries.get(orgId) ?? 0 });
    const before = readColumns.all(orgId);
    const bookedBefore = interestBookings();
    let summary: InterestRunSummary | undefined;
    const job = await measure(`runInterestAccrual, batches of ${BATCH}`, rows.length, async () => {
      summary = await runInterestAccrual(app, { as_of: AS_OF, batch_size: BATCH, org: orgId });
    });
    const bookedAfter = interestBookings();

    // 3. The same rows set to the same values by one prepared UPDATE, in transactions of BATCH
    // rows. First back to the seeded values (a warm-up that makes the second write a real
    // change too), then to exactly what the job wrote.
    const after = readColumns.all(orgId);
    const changedIds = new Set(after.filter((row, i) => !sameColumns(row, before[i]!)).map((row) => row.id));
    const update = sqlite.prepare<[number, number, string | null, string]>(
      'UPDATE cases SET total_interest = ?, total_outstanding = ?, interest_calculated_to = ? WHERE id = ?',
    );
    const writeBatch = sqlite.transaction((batch: InterestColumns[]) => {
      for (const row of batch) update.run(row.total_interest, row.total_outstanding, row.interest_calculated_to, row.id);
    });
    const writeAll = (values: InterestColumns[]) => {
      for (let start = 0; start < values.length; start += BATCH) writeBatch.immediate(values.slice(start, start + BATCH));
    };
    const restore = await measure('raw UPDATE back to the seeded values (warm-up)', changedIds.size, () =>
      writeAll(before.filter((row) => changedIds.has(row.id))),
    );
    const raw = await measure('raw UPDATE to the values the job wrote', changedIds.size, () => writeAll(after.filter((row) => changedIds.has(row.id))));

    printTable([maths, job, restore, raw], 'cases', engineName(bench.engine));
    const done = summary!;
    const jobPerUpdated = perSecond({ ...job, count: done.updated });
    console.log(
      `Job: ${done.cases} cases visited (active + on_hold of the organisation), ${done.updated} updated, ${done.unchanged} unchanged, ` +
        `${done.not_due} not yet due, ${done.failed.length} failed; interest added ${done.interest_added} kr; ` +
        `${bookedAfter.entries - bookedBefore.entries} ledger entries in ${bookedAfter.journals - bookedBefore.journals} journals.`,
    );
    console.log(
      `Ratio: the job updates ${Math.round(jobPerUpdated)} cases/s, the raw UPDATE ${Math.round(perSecond(raw))} cases/s: ` +
        `the job is ${(perSecond(raw) / jobPerUpdated).toFixed(1)}× slower per updated case.`,
    );
    console.log(
      `In addition to the UPDATE the job reads each batch (cases ⋈ claims, the capital paid per case), computes the interest ` +
        `(${computed} cases, ${(periods / Math.max(1, computed)).toFixed(1)} periods per case: ${Math.round(maths.ms)} ms = ` +
        `${Math.round((100 * maths.ms) / job.ms)} % of the job), builds each UPDATE through drizzle, and books one journal per batch ` +
        `(2 ledger entries per changed case). Heap ${heapMiB()} MiB, rss ${rssMiB()} MiB.`,
    );
  } finally {
    await app.database.close();
  }
}

function sameColumns(a: InterestColumns, b: InterestColumns): boolean {
  return (
    a.id === b.id &&
    a.total_interest === b.total_interest &&
    a.total_outstanding === b.total_outstanding &&
    a.interest_calculated_to === b.interest_calculated_to
  );
}
