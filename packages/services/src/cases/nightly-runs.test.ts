import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { caseFlags, creditors, glJournals, parties, referenceRates } from '@fordran/store';
import {
  calculateCaseInterest,
  changeCaseStatus,
  createCase,
  createManualClock,
  getCase,
  openAppContext,
  operatorContext,
  runInterestAccrual,
  runPrescriptionCheck,
  signUp,
  type AppContext,
  type OrgScope,
} from '..';

let dir: string;
let app: AppContext;
let ctx: OrgScope;
let creditorId: string;
let personId: string;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fordran-nightly-'));
  app = openAppContext({
    dbPath: join(dir, 'f.db'),
    dataDir: dir,
    clock: createManualClock('2026-11-22T09:00:00.000Z'),
    secret: 'a-test-secret-of-reasonable-length',
  });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = operatorContext(app, 'Karin Lindqvists organisation');
  const orgId = ctx.membership.org_id;
  creditorId = app.store.db.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning().get().id;
  personId = app.store.db.insert(parties).values({ org_id: orgId, type: 'person', name: 'Anna Andersson' }).returning().get().id;
});
afterEach(() => {
  app.store.close();
  rmSync(dir, { recursive: true, force: true });
});

function openCase(dueDate: string, principal = '10000', status: 'active' | 'draft' = 'active'): string {
  const created = createCase(ctx, {
    creditor_id: creditorId,
    party_id: personId,
    reference_no: `F-${dueDate}-${principal}`,
    principal_amount: principal,
    due_date: dueDate,
  });
  if (status === 'active') changeCaseStatus(ctx, created.id, { status: 'active' });
  return created.id;
}

function interestJournals(): number {
  return app.store.db.select().from(glJournals).where(eq(glJournals.source, 'interest')).all().length;
}

describe('runInterestAccrual (fordran interest run)', () => {
  it('accrues interest on every active case in batches, one journal per batch, and leaves drafts alone', () => {
    const ids = [openCase('2026-10-01'), openCase('2026-09-01', '2500'), openCase('2026-08-01', '999.99')];
    const draft = openCase('2026-10-01', '10000', 'draft');
    const summary = runInterestAccrual(app, { as_of: '2026-11-22', batch_size: 2 });
    expect(summary).toMatchObject({ as_of: '2026-11-22', organisations: 1, cases: 3, updated: 3, unchanged: 0, not_due: 0, failed: [] });
    expect(interestJournals()).toBe(2);
    for (const id of ids) {
      const detail = getCase(ctx, id);
      expect(detail.interest_calculated_to).toBe('2026-11-22');
      expect(detail.total_interest).not.toBe('0.00');
    }
    expect(getCase(ctx, draft).total_interest).toBe('0.00');
  });

  it('is idempotent: a second run for the same day changes and books nothing', () => {
    openCase('2026-10-01');
    const first = runInterestAccrual(app, { as_of: '2026-11-22' });
    const second = runInterestAccrual(app, { as_of: '2026-11-22' });
    expect(second).toMatchObject({ cases: 1, updated: 0, unchanged: 1, interest_added: '0.00' });
    expect(first.interest_added).not.toBe('0.00');
    expect(interestJournals()).toBe(1);
  });

  it('agrees to the öre with the single-case calculation', () => {
    const id = openCase('2025-03-15', '12345.67');
    runInterestAccrual(app, { as_of: '2026-11-22' });
    const nightly = getCase(ctx, id).total_interest;
    expect(calculateCaseInterest(ctx, id, { as_of: '2026-11-22' })).toMatchObject({ amount: nightly, change: '0.00' });
  });

  it('counts cases not yet due and reports a case it cannot compute without touching it', () => {
    openCase('2026-11-22');
    const old = openCase('2015-06-01');
    app.store.db.delete(referenceRates).where(eq(referenceRates.valid_from, '2015-07-01')).run();
    const summary = runInterestAccrual(app, { as_of: '2026-11-22' });
    expect(summary).toMatchObject({ cases: 2, updated: 0, not_due: 1, failed: [{ case_id: old, code: 'REFERENCE_RATE_MISSING' }] });
    expect(getCase(ctx, old).total_interest).toBe('0.00');
  });

  it('refuses a future date and an unknown organisation', () => {
    expect(() => runInterestAccrual(app, { as_of: '2026-11-23' })).toThrowError(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    expect(() => runInterestAccrual(app, { org: 'Finns Inte AB' })).toThrowError(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});

describe('runPrescriptionCheck (fordran rules check)', () => {
  it('flags a prescribed consumer claim (block) and one about to be (warning), once', () => {
    const prescribed = openCase('2023-05-01');
    const soon = openCase('2024-01-31');
    openCase('2026-10-01');
    const summary = runPrescriptionCheck(app, { as_of: '2026-11-22' });
    expect(summary).toMatchObject({ cases: 3, flags_created: 2, block: 1, warning: 1 });
    const levels = (id: string) =>
      app.store.db
        .select({ level: caseFlags.level })
        .from(caseFlags)
        .where(eq(caseFlags.case_id, id))
        .all()
        .map((f) => f.level);
    expect(levels(prescribed)).toEqual(['block']);
    expect(levels(soon)).toEqual(['warning']);
    expect(runPrescriptionCheck(app, { as_of: '2026-11-22' }).flags_created).toBe(0);
  });
});
