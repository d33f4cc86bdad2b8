import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@fordran/core';
import { creditors, parties } from '@fordran/store';
import { changeCaseStatus, createBankAccount, createCase, createSystemClock, openAppContext, operatorContext, signUp } from '@fordran/services';
import { runCli } from './run-cli';

/*
 * `fordran dunning run` (issue 11): the exact JSON, a dry run that writes nothing, a real run
 * that sends once however often it is run. The real binary on one database file.
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-dunning-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir };
const ORG = 'Karin Lindqvists organisation';
const today = createSystemClock().today();
let caseId: string;

function cli(args: string[]) {
  const result = runCli(['dunning', 'run', ...args, '--org', ORG, '--json'], env);
  return { ...result, body: result.stdout.trim() ? JSON.parse(result.stdout) : null };
}

beforeAll(async () => {
  const app = await openAppContext({ dbPath: db, dataDir: dir, secret: 'a-test-secret-of-reasonable-length' });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  const ctx = await operatorContext(app, ORG);
  const orgId = ctx.membership.org_id;
  const { creditorId, partyId } = await app.database.transaction(async (tx) => ({
    creditorId: (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning())[0]!.id,
    partyId: (
      await tx
        .insert(parties)
        .values({ org_id: orgId, type: 'person', name: 'Anna Andersson', address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' } })
        .returning()
    )[0]!.id,
  }));
  await createBankAccount(ctx, { account_name: 'Klientmedel', type: 'client_funds', bg_number: '5402-9681' });
  // 15 days past due: the påminnelse (10 days) is due, the inkassokrav (25 days) not yet.
  caseId = (
    await createCase(ctx, { creditor_id: creditorId, party_id: partyId, reference_no: 'F-1001', principal_amount: '7950', due_date: addDays(today, -15) })
  ).id;
  await changeCaseStatus(ctx, caseId, { status: 'active' });
  await app.database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran dunning run', { timeout: 120_000 }, () => {
  it('--dry-run prints the exact JSON of what would go out', () => {
    const dry = cli(['--dry-run']);
    expect(dry.status, dry.stderr).toBe(0);
    expect(Object.keys(dry.body)).toEqual(['as_of', 'dry_run', 'cases_seen', 'messages', 'fees', 'skipped']);
    expect(dry.body).toEqual({
      as_of: today,
      dry_run: true,
      cases_seen: 1,
      messages: [
        {
          case_id: caseId,
          step: 'Påminnelse',
          template: 'REMINDER_LETTER',
          channel: 'letter',
          recipient: 'Storgatan 1, 111 22 Stockholm',
          communication_id: null,
        },
      ],
      fees: [],
      skipped: [],
    });
  });

  it('a real run sends the påminnelse; run again, nothing more', () => {
    const first = cli([]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.body).toMatchObject({
      dry_run: false,
      cases_seen: 1,
      messages: [{ case_id: caseId, step: 'Påminnelse', communication_id: expect.any(String) }],
    });
    const second = cli([]);
    expect(second.body).toEqual({ as_of: today, dry_run: false, cases_seen: 1, messages: [], fees: [], skipped: [] });
  });

  it('refuses a bad date and a real run after today with exit 1', () => {
    const bad = runCli(['dunning', 'run', '--as-of', '2026-02-30', '--org', ORG], env);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('ÅÅÅÅ-MM-DD');
    const future = cli(['--as-of', addDays(today, 1)]);
    expect(future.status).toBe(1);
    expect(future.stderr).toContain('En körning kan inte göras för ett datum i framtiden');
  });
});
