import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditors, parties } from '@fordran/store';
import { describePostgres } from '@fordran/store/testing';
import {
  calculateCaseInterest,
  changeCaseStatus,
  createCase,
  createManualClock,
  getCase,
  operatorContext,
  runInterestAccrual,
  runPrescriptionCheck,
  signUp,
  type AppContext,
  type OrgScope,
} from '..';
import { openAppContext } from '../system/open-app-context';
import { bookViolations } from '../testing/book-violations';
import { openTestApp, TEST_SECRET, type TestApp } from '../testing/test-app';

let testApp: TestApp;
let app: AppContext;
let ctx: OrgScope;
let creditorId: string;
let personId: string;

beforeEach(async () => {
  testApp = await openTestApp({ clock: createManualClock('2026-11-22T09:00:00.000Z') });
  app = testApp.app;
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = await operatorContext(app, 'Karin Lindqvists organisation');
  const orgId = ctx.membership.org_id;
  await app.database.transaction(async (tx) => {
    creditorId = (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning())[0]!.id;
    personId = (await tx.insert(parties).values({ org_id: orgId, type: 'person', name: 'Anna Andersson' }).returning())[0]!.id;
  });
});
afterEach(() => testApp.close());

async function openCase(dueDate: string, principal = '10000', status: 'active' | 'draft' = 'active'): Promise<string> {
  const created = await createCase(ctx, {
    creditor_id: creditorId,
    party_id: personId,
    reference_no: `F-${dueDate}-${principal}`,
    principal_amount: principal,
    due_date: dueDate,
  });
  if (status === 'active') await changeCaseStatus(ctx, created.id, { status: 'active' });
  return created.id;
}

async function interestJournals(): Promise<number> {
  const [row] = await testApp.sql<{ n: number }>("SELECT count(*) AS n FROM gl_journals WHERE source = 'interest'");
  return row!.n;
}

describe('runInterestAccrual (fordran interest run)', () => {
  it('accrues interest on every active case in batches, one journal per batch, and leaves drafts alone', async () => {
    const ids = [await openCase('2026-10-01'), await openCase('2026-09-01', '2500'), await openCase('2026-08-01', '999.99')];
    const draft = await openCase('2026-10-01', '10000', 'draft');
    const summary = await runInterestAccrual(app, { as_of: '2026-11-22', batch_size: 2 });
    expect(summary).toMatchObject({ as_of: '2026-11-22', organisations: 1, cases: 3, updated: 3, unchanged: 0, not_due: 0, failed: [] });
    expect(await interestJournals()).toBe(2);
    for (const id of ids) {
      const detail = await getCase(ctx, id);
      expect(detail.interest_calculated_to).toBe('2026-11-22');
      expect(detail.total_interest).not.toBe('0.00');
    }
    expect((await getCase(ctx, draft)).total_interest).toBe('0.00');
  });

  it('is idempotent: a second run for the same day changes and books nothing', async () => {
    await openCase('2026-10-01');
    const first = await runInterestAccrual(app, { as_of: '2026-11-22' });
    const second = await runInterestAccrual(app, { as_of: '2026-11-22' });
    expect(second).toMatchObject({ cases: 1, updated: 0, unchanged: 1, interest_added: '0.00' });
    expect(first.interest_added).not.toBe('0.00');
    expect(await interestJournals()).toBe(1);
  });

  it('agrees to the öre with the single-case calculation', async () => {
    const id = await openCase('2025-03-15', '12345.67');
    await runInterestAccrual(app, { as_of: '2026-11-22' });
    const nightly = (await getCase(ctx, id)).total_interest;
    expect(await calculateCaseInterest(ctx, id, { as_of: '2026-11-22' })).toMatchObject({ amount: nightly, change: '0.00' });
  });

  it('counts cases not yet due and reports a case it cannot compute without touching it', async () => {
    await openCase('2026-11-22');
    const old = await openCase('2015-06-01');
    await testApp.sql("DELETE FROM reference_rates WHERE valid_from = '2015-07-01'");
    const summary = await runInterestAccrual(app, { as_of: '2026-11-22' });
    expect(summary).toMatchObject({ cases: 2, updated: 0, not_due: 1, failed: [{ case_id: old, code: 'REFERENCE_RATE_MISSING' }] });
    expect((await getCase(ctx, old)).total_interest).toBe('0.00');
  });

  it('refuses a future date and an unknown organisation', async () => {
    await expect(runInterestAccrual(app, { as_of: '2026-11-23' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(runInterestAccrual(app, { org: 'Finns Inte AB' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('runPrescriptionCheck (fordran rules check)', () => {
  it('flags a prescribed consumer claim (block) and one about to be (warning), once', async () => {
    const prescribed = await openCase('2023-05-01');
    const soon = await openCase('2024-01-31');
    await openCase('2026-10-01');
    const summary = await runPrescriptionCheck(app, { as_of: '2026-11-22' });
    expect(summary).toMatchObject({ cases: 3, flags_created: 2, block: 1, warning: 1 });
    // No arose_on given: the due date, estimated; nothing interrupted the periods.
    expect(summary.flagged.map(({ case_id, level, prescribed_on, prescription_set_by }) => ({ case_id, level, prescribed_on, prescription_set_by }))).toEqual(
      expect.arrayContaining([
        { case_id: prescribed, level: 'block', prescribed_on: '2026-05-02', prescription_set_by: null },
        { case_id: soon, level: 'warning', prescribed_on: '2027-02-01', prescription_set_by: null },
      ]),
    );
    expect(summary.flagged).toHaveLength(2);
    const levels = async (id: string) => (await testApp.sql<{ level: string }>('SELECT level FROM case_flags WHERE case_id = ?', id)).map((f) => f.level);
    expect(await levels(prescribed)).toEqual(['block']);
    expect(await levels(soon)).toEqual(['warning']);
    expect((await runPrescriptionCheck(app, { as_of: '2026-11-22' })).flags_created).toBe(0);
  });
});

// Issue 17: cron on two instances starts both runs at the same moment on one PostgreSQL database.
describePostgres('the nightly runs started on two instances at once', () => {
  let second: AppContext;
  beforeEach(async () => {
    second = await openAppContext({ ...testApp.location, dataDir: testApp.dir, secret: TEST_SECRET, clock: app.clock, seedReferenceRates: false });
  });
  afterEach(() => second.database.close());

  it('book the interest once: one journal per batch, each case charged as by one run', async () => {
    const ids = [await openCase('2026-10-01'), await openCase('2025-03-15', '12345.67'), await openCase('2026-08-01', '999.99')];
    const runs = await Promise.all([runInterestAccrual(app, { as_of: '2026-11-22' }), runInterestAccrual(second, { as_of: '2026-11-22' })]);
    expect(runs.reduce((sum, run) => sum + run.updated, 0)).toBe(3);
    expect(await interestJournals()).toBe(1);
    for (const id of ids) {
      const nightly = (await getCase(ctx, id)).total_interest;
      expect(await calculateCaseInterest(ctx, id, { as_of: '2026-11-22' })).toMatchObject({ amount: nightly, change: '0.00' });
    }
    expect(await bookViolations({ sql: testApp.sql, orgId: ctx.membership.org_id })).toEqual([]);
  });

  it('flag a prescribed claim once', async () => {
    const prescribed = await openCase('2023-05-01');
    const runs = await Promise.all([runPrescriptionCheck(app, { as_of: '2026-11-22' }), runPrescriptionCheck(second, { as_of: '2026-11-22' })]);
    expect(runs.reduce((sum, run) => sum + run.flags_created, 0)).toBe(1);
    expect(await testApp.sql('SELECT id FROM case_flags WHERE case_id = ?', prescribed)).toHaveLength(1);
  });
});
