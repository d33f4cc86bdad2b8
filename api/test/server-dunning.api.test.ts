import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changeCaseStatus, createBankAccount, createCase, createManualClock, openAppContext, operatorContext, signUp } from '@fordran/services';
import { creditors, parties } from '@fordran/store';
import { rawSql } from '@fordran/store/testing';
import { serverOptionsFromEnv, startServer } from '../src/server';

/*
 * The daily dunning run in the server process: past its time of day the server makes the day's
 * run and its job, and its own worker takes the due steps. (That two instances make it once is
 * dunning-run.test.ts in the services.)
 */

const dir = mkdtempSync(join(tmpdir(), 'fordran-server-dunning-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'a-test-secret-of-reasonable-length';
// Monday 2026-11-23 10:00 in Stockholm.
const clock = createManualClock('2026-11-23T09:00:00.000Z');

async function seedDueCase(dbPath: string): Promise<string> {
  const app = await openAppContext({ dbPath, dataDir: dir, secret: SECRET, clock });
  try {
    await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
    const ctx = await operatorContext(app, 'Karin Lindqvists organisation');
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
    const id = (await createCase(ctx, { creditor_id: creditorId, party_id: partyId, reference_no: 'F-1', principal_amount: '7950', due_date: '2026-11-10' }))
      .id;
    await changeCaseStatus(ctx, id, { status: 'active' });
    return id;
  } finally {
    await app.database.close();
  }
}

describe('the daily dunning run in the server', () => {
  it('FORDRAN_DUNNING_TIME: HH:MM or off, anything else refused at start', async () => {
    expect(serverOptionsFromEnv({ FORDRAN_DUNNING_TIME: '07:30' }).dunningTime).toBe('07:30');
    await expect(startServer({ dbPath: join(dir, 'bad.db'), port: 0, dunningTime: '25:00', secret: SECRET })).rejects.toThrow(
      'FORDRAN_DUNNING_TIME måste vara en tid TT:MM (svensk tid) eller off, inte "25:00"',
    );
  });

  it('past its time the server starts the day’s run once and its worker sends the due step', { timeout: 30_000 }, async () => {
    const dbPath = join(dir, 'daily.db');
    const caseId = await seedDueCase(dbPath);
    const server = await startServer({
      dbPath,
      dataDir: dir,
      uiDist: join(dir, 'no-ui'),
      port: 0,
      secret: SECRET,
      clock,
      log: () => undefined,
      dunningTime: '06:00',
      jobs: { pollMs: 20 },
    });
    try {
      const sql = rawSql(server.app.database);
      for (let waited = 0; waited < 20_000; waited += 100) {
        const [run] = await sql<{ finished_at: string | null }>('SELECT finished_at FROM dunning_runs');
        if (run?.finished_at) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await sql('SELECT scheduled_for, as_of FROM dunning_runs')).toEqual([{ scheduled_for: '2026-11-23', as_of: '2026-11-23' }]);
      expect(await sql("SELECT status FROM job_queue WHERE job_type = 'dunning_run'")).toEqual([{ status: 'completed' }]);
      expect(await sql('SELECT step_id FROM dunning_case_steps WHERE case_id = ?', caseId)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
