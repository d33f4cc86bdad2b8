import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditors, parties } from '@fordran/store';
import { createManualClock, openAppContext, operatorContext, signUp } from '@fordran/services';
import { recordSentDemand } from '@fordran/services/testing';
import { runCli } from './run-cli';

/*
 * A handler's day from a script (issue 4): create a case, activate it, move it to demand, add
 * the collection fee, calculate interest, list it — then the nightly jobs. Every call is the
 * real binary on one database file; each test continues where the previous one stopped.
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-cases-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir };
const ORG = 'Karin Lindqvists organisation';
let creditorId: string;
let partyId: string;
let caseId: string;
let orgId: string;

function cli(args: string[]) {
  const result = runCli([...args, '--org', ORG, '--json'], env);
  return { ...result, body: result.stdout.trim() ? JSON.parse(result.stdout) : null };
}

beforeAll(async () => {
  const app = await openAppContext({
    dbPath: db,
    dataDir: dir,
    clock: createManualClock(new Date().toISOString()),
    secret: 'a-test-secret-of-reasonable-length',
  });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  orgId = (await operatorContext(app, ORG)).membership.org_id;
  await app.database.transaction(async (tx) => {
    creditorId = (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning())[0]!.id;
    partyId = (await tx.insert(parties).values({ org_id: orgId, type: 'person', name: 'Anna Andersson' }).returning())[0]!.id;
  });
  await app.database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran cases', { timeout: 120_000 }, () => {
  it('creates a case as a draft and refuses bad input with exit 1 and the spec text', () => {
    const created = cli([
      'cases',
      'create',
      '--creditor',
      creditorId,
      '--party',
      partyId,
      '--reference',
      'F-1001',
      '--amount',
      '7 950,50',
      '--due-date',
      '2026-01-15',
    ]);
    expect(created.status, created.stderr).toBe(0);
    expect(created.body).toMatchObject({ status: 'draft', stage: 'intake', total_principal: '7950.50' });
    caseId = created.body.id;

    const zero = cli(['cases', 'create', '--creditor', creditorId, '--party', partyId, '--reference', 'F-0', '--amount', '0', '--due-date', '2026-01-15']);
    expect(zero.status).toBe(1);
    expect(zero.body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Belopp måste vara större än 0' });
    expect(zero.stderr).toContain('Belopp måste vara större än 0');
  });

  it('activates, moves to demand, adds the collection fee once (after the inkassokrav) and calculates interest', async () => {
    expect(cli(['cases', 'status', caseId, 'active']).body).toMatchObject({ status: 'active' });
    expect(cli(['cases', 'stage', caseId, 'demand']).body).toMatchObject({ stage: 'demand' });
    // Not before the inkassokrav has gone out (lag 1981:739 3 § 1).
    const early = cli(['cases', 'fee', caseId, 'COLLECTION_180']);
    expect(early.status).toBe(1);
    expect(early.body.error).toMatchObject({ code: 'FEE_NOT_ALLOWED', message: expect.stringContaining('inkassolagen 5 §') });
    const app = await openAppContext({ dbPath: db, dataDir: dir, secret: 'a-test-secret-of-reasonable-length' });
    try {
      await recordSentDemand(app, orgId, caseId);
    } finally {
      await app.database.close();
    }
    expect(cli(['cases', 'fee', caseId, 'COLLECTION_180']).body.case).toMatchObject({ total_fees: '180.00' });
    const again = cli(['cases', 'fee', caseId, 'COLLECTION_180']);
    expect(again.status).toBe(1);
    expect(again.body.error).toMatchObject({ code: 'NO_DOUBLE_FEES', message: 'Avgift redan tillagd' });
    const interest = cli(['cases', 'interest', caseId, '--as-of', '2026-02-14']);
    expect(interest.status, interest.stderr).toBe(0);
    expect(interest.body).toMatchObject({ days: 30, from: '2026-01-16', to: '2026-02-14' });
  });

  it('lists and shows the case, and runs the nightly jobs with a summary', () => {
    const list = cli(['cases', 'list', '--status', 'active']);
    expect(list.body).toMatchObject({ total: 1, items: [{ id: caseId, stage: 'demand', total_fees: '180.00' }] });
    expect(cli(['cases', 'show', caseId]).body).toMatchObject({ id: caseId, claim: { reference_no: 'F-1001' } });
    const run = runCli(['interest', 'run', '--json'], env);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ organisations: 1, cases: 1, updated: 1, failed: [] });
    const check = runCli(['rules', 'check', '--json'], env);
    expect(JSON.parse(check.stdout)).toMatchObject({ cases: 1, flags_created: 0 });
  });
});
