import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@fordran/core';
import { creditors, parties } from '@fordran/store';
import {
  addLawsuitDeadline,
  changeCaseStatus,
  createCase,
  createLawsuitDraft,
  createSystemClock,
  openAppContext,
  operatorContext,
  signUp,
} from '@fordran/services';
import { runCli } from './run-cli';

/*
 * `fordran lawsuits list` and `fordran lawsuits deadlines check` (issue 12): the real binary on
 * one database file.
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-lawsuits-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir };
const ORG = 'Karin Lindqvists organisation';
const today = createSystemClock().today();
let lawsuitId: string;
let caseId: string;

function cli(args: string[]) {
  const result = runCli(['lawsuits', ...args, '--org', ORG], env);
  return { ...result, body: args.includes('--json') && result.stdout.trim() ? JSON.parse(result.stdout) : null };
}

beforeAll(async () => {
  const app = await openAppContext({ dbPath: db, dataDir: dir, secret: 'a-test-secret-of-reasonable-length' });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  const ctx = await operatorContext(app, ORG);
  const orgId = ctx.membership.org_id;
  const { creditorId, partyId } = await app.database.transaction(async (tx) => ({
    creditorId: (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning())[0]!.id,
    partyId: (await tx.insert(parties).values({ org_id: orgId, type: 'person', name: 'Anna Andersson' }).returning())[0]!.id,
  }));
  caseId = (
    await createCase(ctx, { creditor_id: creditorId, party_id: partyId, reference_no: 'F-2001', principal_amount: '7950', due_date: addDays(today, -60) })
  ).id;
  await changeCaseStatus(ctx, caseId, { status: 'active' });
  lawsuitId = (await createLawsuitDraft(ctx, { case_id: caseId, notes: 'Bestritt' })).id;
  await addLawsuitDeadline(ctx, lawsuitId, { label: 'Svaromål', due_date: addDays(today, 3) });
  await app.database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran lawsuits', { timeout: 120_000 }, () => {
  it('list --json: the lawsuits with the case, party and creditor', () => {
    const listed = cli(['list', '--json']);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.body.lawsuits).toEqual([
      expect.objectContaining({
        id: lawsuitId,
        case_id: caseId,
        case_reference: 'F-2001',
        party_name: 'Anna Andersson',
        creditor_name: 'Elbolaget Norr AB',
        status: 'draft',
        track: 'FT',
        court_fee: '900.00',
        service_status_label: 'Inväntar delgivning',
      }),
    ]);
  });

  it('list --status filters, and says so when nothing matches; a wrong status is refused', () => {
    expect(cli(['list', '--status', 'filed', '--json']).body).toEqual({ lawsuits: [] });
    const empty = cli(['list', '--status', 'filed', '--no-json']);
    expect(empty.status, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('Inga tvistemål hittades');
    const table = cli(['list', '--status', 'draft', '--no-json']);
    expect(table.stdout).toContain('F-2001');
    expect(table.stdout).toContain('Inväntar delgivning');
    const wrong = cli(['list', '--status', 'avgjort']);
    expect(wrong.status).not.toBe(0);
    expect(wrong.stderr).toContain('avgjort');
  });

  it('deadlines check reminds once', () => {
    const first = cli(['deadlines', 'check', '--json']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.body).toMatchObject({
      as_of: today,
      lawsuits_checked: 1,
      reminded: [{ lawsuit_id: lawsuitId, label: 'Svaromål', due_date: addDays(today, 3) }],
    });
    expect(cli(['deadlines', 'check', '--json']).body.reminded).toEqual([]);
  });
});
