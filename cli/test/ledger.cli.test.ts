import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCp437 } from '@fordran/core';
import { creditors, parties } from '@fordran/store';
import { addCaseFee, changeCaseStatus, createCase, createManualClock, openAppContext, operatorContext, signUp } from '@fordran/services';
import { recordSentDemand } from '@fordran/services/testing';
import { runCli } from './run-cli';

/*
 * The ledger from a script (issue 5): a case with its claim and a fee is booked through the
 * services, then `fordran ledger trial-balance` and `fordran ledger export-sie` read the books of
 * the only organisation in the database (no --org needed) — until a second one exists.
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-ledger-'));
const db = join(dir, 'fordran.db');
const env = { FORDRAN_DB: db, FORDRAN_DATA_DIR: dir };
const YEAR = new Date().getFullYear();

function cli(args: string[]) {
  const result = runCli(args, env);
  return { ...result, body: result.stdout.trim().startsWith('{') ? JSON.parse(result.stdout) : null };
}

beforeAll(async () => {
  const app = await openAppContext({
    dbPath: db,
    dataDir: dir,
    clock: createManualClock(new Date().toISOString()),
    secret: 'a-test-secret-of-reasonable-length',
  });
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  const ctx = await operatorContext(app, 'Karin Lindqvists organisation');
  const orgId = ctx.membership.org_id;
  const { creditorId, partyId } = await app.database.transaction(async (tx) => ({
    creditorId: (await tx.insert(creditors).values({ org_id: orgId, name: 'Elbolaget Norr AB' }).returning())[0]!.id,
    partyId: (await tx.insert(parties).values({ org_id: orgId, type: 'person', name: 'Anna Andersson' }).returning())[0]!.id,
  }));
  const created = await createCase(ctx, {
    creditor_id: creditorId,
    party_id: partyId,
    reference_no: 'F-1001',
    principal_amount: '7950.50',
    due_date: '2026-01-15',
  });
  await changeCaseStatus(ctx, created.id, { status: 'active' });
  await recordSentDemand(app, orgId, created.id);
  await addCaseFee(ctx, created.id, { code: 'COLLECTION_180' });
  await app.database.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each call starts the real binary (a few seconds on a busy machine).
const CLI_TIMEOUT_MS = 60_000;

describe('fordran ledger', () => {
  it(
    'trial-balance --json: per account debit, credit and balance, summing to zero',
    () => {
      const result = cli(['ledger', 'trial-balance', '--json']);
      expect(result.status, result.stderr).toBe(0);
      expect(result.body).toMatchObject({ to: null, total_debit: '8130.50', total_credit: '8130.50', total_balance: '0.00', is_balanced: true });
      expect(result.body.rows).toContainEqual({
        account_code: '1510',
        account_name: 'Kundfordringar – kapital',
        type: 'asset',
        debit: '7950.50',
        credit: '0.00',
        balance: '7950.50',
      });
      expect(result.body.rows).toContainEqual({
        account_code: '3010',
        account_name: 'Inkassoarvoden och avgiftsintäkter',
        type: 'income',
        debit: '0.00',
        credit: '180.00',
        balance: '-180.00',
      });
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'trial-balance --to limits the period and refuses a day that does not exist',
    () => {
      expect(cli(['ledger', 'trial-balance', '--json', '--to', '2000-01-01']).body).toMatchObject({
        to: '2000-01-01',
        total_debit: '0.00',
        total_balance: '0.00',
      });
      const bad = cli(['ledger', 'trial-balance', '--to', '2026-02-30', '--json']);
      expect(bad.status).toBe(1);
      expect(bad.body.error.code).toBe('INVALID_DATE');
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'export-sie writes an SIE 4 file (CP437) with one balanced voucher per journal',
    () => {
      const out = join(dir, `fordran-${YEAR}.se`);
      const result = cli(['ledger', 'export-sie', '--year', String(YEAR), '--out', out, '--json']);
      expect(result.status, result.stderr).toBe(0);
      expect(result.body).toMatchObject({ file: out, year: YEAR, vouchers: 2 });
      const text = decodeCp437(new Uint8Array(readFileSync(out)));
      expect(text).toContain('#FORMAT PC8\r\n');
      expect(text).toContain('#KONTO 8310 "Ränteintäkter"');
      expect(text.match(/^#VER /gm)).toHaveLength(2);
      expect(text).toContain('   #TRANS 1510 {} 7950.50\r\n   #TRANS 2890 {} -7950.50');
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'asks for --org once the database has several organisations',
    async () => {
      const app = await openAppContext({
        dbPath: db,
        dataDir: dir,
        clock: createManualClock(new Date().toISOString()),
        secret: 'a-test-secret-of-reasonable-length',
      });
      await signUp(app, { email: 'olle@example.se', password: 'hemligt', full_name: 'Olle Berg' });
      await app.database.close();
      const ambiguous = cli(['ledger', 'trial-balance', '--json']);
      expect(ambiguous.status).toBe(1);
      expect(ambiguous.stderr).toContain('med --org');
      const named = cli(['ledger', 'trial-balance', '--org', 'Karin Lindqvists organisation', '--json']);
      expect(named.body.total_debit).toBe('8130.50');
    },
    CLI_TIMEOUT_MS,
  );
});
