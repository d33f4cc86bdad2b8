import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { creditors, disputes, parties, unsubscribeTokens } from '@fordran/store';
import { describePostgres, tableRowCounts } from '@fordran/store/testing';
import {
  changeCaseStatus,
  createBankAccount,
  createCase,
  createJobHandlers,
  createJobWorker,
  createManualClock,
  getCase,
  getDunningPlans,
  operatorContext,
  runDeliveriesUntilIdle,
  runDunning,
  saveDunningPlan,
  scheduleDailyDunning,
  sendCommunication,
  setTemplateActive,
  signUp,
  type AppContext,
  type ManualClock,
  type OrgScope,
} from '../..';
import { openAppContext } from '../../system/open-app-context';
import { createRecordingChannels, openTestApp, TEST_SECRET, type RecordingChannels, type TestApp } from '../../testing/test-app';

/*
 * The dunning run on a real store (both engines): a dry run writes nothing, a real run takes each
 * step once per case — run twice, or stopped midway and run again — with its fee and stage; the
 * 180 kr fee waits for its inkassokrav to go out; every skip reason.
 */

// Monday 2026-11-23 10:00 in Stockholm.
const MONDAY_10 = '2026-11-23T09:00:00.000Z';
/** 13 days before: the påminnelse (10 days) is due, the inkassokrav (25 days) is not. */
const DUE_13_DAYS_AGO = '2026-11-10';

let testApp: TestApp;
let clock: ManualClock;
let channels: RecordingChannels;
let ctx: OrgScope;
let creditorId: string;

interface CaseOptions {
  due_date?: string;
  email?: string | null;
  type?: 'person' | 'company';
  reminder_fee_agreed?: boolean;
}

async function addCase(options: CaseOptions = {}): Promise<string> {
  const app = testApp.app;
  const orgId = ctx.membership.org_id;
  const party = await app.database.transaction(
    async (tx) =>
      (
        await tx
          .insert(parties)
          .values({
            org_id: orgId,
            type: options.type ?? 'person',
            name: 'Anna Andersson',
            email: options.email === undefined ? 'anna@example.se' : options.email,
            address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' },
          })
          .returning()
      )[0]!,
  );
  const id = (
    await createCase(ctx, {
      creditor_id: creditorId,
      party_id: party.id,
      reference_no: `F-${party.id.slice(0, 8)}`,
      principal_amount: '7950',
      due_date: options.due_date ?? DUE_13_DAYS_AGO,
      reminder_fee_agreed: options.reminder_fee_agreed ?? false,
    })
  ).id;
  await changeCaseStatus(ctx, id, { status: 'active' });
  return id;
}

/** How many rows of a table (the dunning's own and what it writes). */
async function count(table: string): Promise<number> {
  return (await tableRowCounts(testApp.app.database))[table]!;
}

beforeEach(async () => {
  clock = createManualClock(MONDAY_10);
  channels = createRecordingChannels();
  testApp = await openTestApp({ clock, providers: { channels: channels.directory }, config: { communications: { publicUrl: 'https://fordran.example' } } });
  const app = testApp.app;
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = await operatorContext(app, 'Karin Lindqvists organisation');
  creditorId = await app.database.transaction(
    async (tx) => (await tx.insert(creditors).values({ org_id: ctx.membership.org_id, name: 'Elbolaget Norr AB' }).returning())[0]!.id,
  );
  await createBankAccount(ctx, { account_name: 'Klientmedel', type: 'client_funds', bg_number: '5402-9681' });
});
afterEach(() => testApp.close());

describe('the default plan', () => {
  it('a new organisation has the påminnelse after 10 days and the inkassokrav after 25, by letter', async () => {
    const plans = await getDunningPlans(ctx);
    expect(
      plans.organisation.steps.map(({ name, days_past_due, template_code, channel, fee_code, stage }) => ({
        name,
        days_past_due,
        template_code,
        channel,
        fee_code,
        stage,
      })),
    ).toEqual([
      { name: 'Påminnelse', days_past_due: 10, template_code: 'REMINDER_LETTER', channel: 'letter', fee_code: 'REMINDER_60', stage: 'reminder' },
      { name: 'Inkassokrav', days_past_due: 25, template_code: 'DEMAND_LETTER', channel: 'letter', fee_code: 'COLLECTION_180', stage: 'demand' },
    ]);
    expect(plans.creditors).toEqual([]);
  });
});

describe('runDunning', () => {
  it('a dry run lists what would be sent and charged, and writes nothing', async () => {
    const agreed = await addCase({ reminder_fee_agreed: true });
    const notAgreed = await addCase();
    const before = await tableRowCounts(testApp.app.database);
    const result = await runDunning(ctx, { dry_run: true });
    expect(await tableRowCounts(testApp.app.database)).toEqual(before);
    expect(result).toMatchObject({ as_of: '2026-11-23', dry_run: true, cases_seen: 2, skipped: [] });
    expect(result.messages.map((m) => m.case_id).sort()).toEqual([agreed, notAgreed].sort());
    expect(result.messages[0]).toMatchObject({
      step: 'Påminnelse',
      template: 'REMINDER_LETTER',
      channel: 'letter',
      recipient: 'Storgatan 1, 111 22 Stockholm',
      communication_id: null,
    });
    // The påminnelseavgift only where it was agreed when the debt arose.
    expect(result.fees).toEqual([{ case_id: agreed, code: 'REMINDER_60', amount: '60.00', status: 'charged' }]);
  });

  it('a real run sends the step, charges its fee, moves the stage and keeps the run; run twice it does nothing more', async () => {
    const caseId = await addCase({ reminder_fee_agreed: true });
    const first = await runDunning(ctx, {});
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]!.communication_id).toEqual(expect.any(String));
    expect(first.fees).toEqual([{ case_id: caseId, code: 'REMINDER_60', amount: '60.00', status: 'charged' }]);
    const detail = await getCase(ctx, caseId);
    expect(detail).toMatchObject({ stage: 'reminder', total_fees: '60.00' });
    const [record] = await testApp.sql<{ step_id: string; fee_status: string; communication_id: string }>(
      'SELECT step_id, fee_status, communication_id FROM dunning_case_steps WHERE case_id = ?',
      caseId,
    );
    expect(record).toMatchObject({ fee_status: 'charged', communication_id: first.messages[0]!.communication_id });

    const counts = await tableRowCounts(testApp.app.database);
    const second = await runDunning(ctx, {});
    expect(second).toMatchObject({ cases_seen: 1, messages: [], fees: [], skipped: [] });
    const after = await tableRowCounts(testApp.app.database);
    expect({ ...after, dunning_runs: 0, audit_logs: 0 }).toEqual({ ...counts, dunning_runs: 0, audit_logs: 0 });
    expect(after.dunning_runs).toBe(counts.dunning_runs! + 1);
  });

  it('the inkassokrav 15 days after the påminnelse; its 180 kr waits until the letter has gone out, then is charged once', async () => {
    const caseId = await addCase();
    await runDunning(ctx, {});
    clock.set('2026-12-07T09:00:00.000Z'); // 27 days past due, but only 14 after the påminnelse
    expect((await runDunning(ctx, {})).messages).toEqual([]);
    clock.set('2026-12-08T09:00:00.000Z');
    const demand = await runDunning(ctx, {});
    expect(demand.messages).toMatchObject([{ case_id: caseId, step: 'Inkassokrav', template: 'DEMAND_LETTER' }]);
    expect(demand.fees).toEqual([{ case_id: caseId, code: 'COLLECTION_180', amount: '180.00', status: 'waiting' }]);
    expect(await getCase(ctx, caseId)).toMatchObject({ stage: 'demand', total_fees: '0.00' });

    // Not yet delivered: still waiting.
    expect((await runDunning(ctx, {})).fees).toEqual([]);
    await runDeliveriesUntilIdle(testApp.app);
    const charged = await runDunning(ctx, {});
    expect(charged.fees).toEqual([{ case_id: caseId, code: 'COLLECTION_180', amount: '180.00', status: 'charged' }]);
    expect(charged.messages).toEqual([]);
    expect(await getCase(ctx, caseId)).toMatchObject({ total_fees: '180.00' });
    expect((await runDunning(ctx, {})).fees).toEqual([]);
    expect(await count('case_fees')).toBe(1);
  });

  it('stopped midway and run again: every step goes out once', async () => {
    const ids = [];
    for (let k = 0; k < 5; k += 1) ids.push(await addCase());
    const stop = new AbortController();
    await expect(runDunning(ctx, {}, { signal: stop.signal, onCase: (seen) => seen === 2 && stop.abort() })).rejects.toThrow();
    expect(await count('communications')).toBe(2);
    const rerun = await runDunning(ctx, {});
    expect(rerun.messages).toHaveLength(3);
    const perCase = await testApp.sql<{ case_id: string; n: number }>('SELECT case_id, count(*) AS n FROM communications GROUP BY case_id');
    expect(perCase.map((row) => row.case_id).sort()).toEqual([...ids].sort());
    expect(perCase.every((row) => Number(row.n) === 1)).toBe(true);
    expect(await count('dunning_case_steps')).toBe(5);
  });

  it('a real run is never for a day after today; a dry run may be', async () => {
    await expect(runDunning(ctx, { as_of: '2026-11-24' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await addCase();
    expect((await runDunning(ctx, { as_of: '2026-12-31', dry_run: true })).messages).toMatchObject([{ step: 'Inkassokrav' }]);
  });
});

describe('skips, with the reason', () => {
  /** A creditor plan of one e-mail påminnelse, so contact and opt-out matter. */
  async function emailPlan(): Promise<void> {
    await saveDunningPlan(ctx, creditorId, {
      steps: [{ name: 'Påminnelse', days_past_due: 10, template_code: 'REMINDER_EMAIL', channel: 'email', fee_code: null, stage: 'reminder' }],
    });
  }

  it('paused, disputed, blocked by a rule', async () => {
    const paused = await addCase();
    await changeCaseStatus(ctx, paused, { status: 'on_hold', reason: 'Gäldenären har hört av sig' });
    const disputed = await addCase();
    await testApp.app.database.transaction((tx) =>
      tx.insert(disputes).values({ org_id: ctx.membership.org_id, case_id: disputed, description: 'Fel belopp', status: 'open' }),
    );
    // A consumer claim due more than three years ago is prescribed: the rules block sending.
    const prescribed = await addCase({ due_date: '2022-01-10' });
    const result = await runDunning(ctx, {});
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { case_id: paused, reason: 'on_hold' },
        { case_id: disputed, reason: 'disputed' },
        { case_id: prescribed, reason: 'blocked_by_rule' },
      ]),
    );
    expect(result.messages).toEqual([]);
    expect(await count('communications')).toBe(0);
  });

  it('no contact for the channel, opted out, the same message already sent today', async () => {
    await emailPlan();
    const noEmail = await addCase({ email: null });
    const optedOut = await addCase({ email: 'borta@example.se' });
    await testApp.app.database.transaction((tx) =>
      tx
        .insert(unsubscribeTokens)
        .values({ org_id: ctx.membership.org_id, channel: 'email', recipient: 'borta@example.se', token: 'tok-1', opted_out_at: MONDAY_10 }),
    );
    const alreadySent = await addCase({ email: 'sant@example.se' });
    await sendCommunication(ctx, alreadySent, { template: 'REMINDER_EMAIL' });
    const result = await runDunning(ctx, {});
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { case_id: noEmail, reason: 'no_contact' },
        { case_id: optedOut, reason: 'opted_out' },
        { case_id: alreadySent, reason: 'duplicate' },
      ]),
    );
    expect(result.skipped).toHaveLength(3);
  });

  it('the template switched off, or a value it needs missing', async () => {
    await emailPlan();
    const caseId = await addCase();
    const templateId = (await testApp.sql<{ id: string }>("SELECT id FROM comm_templates WHERE code = 'REMINDER_EMAIL'"))[0]!.id;
    await setTemplateActive(ctx, templateId, { is_active: false });
    expect((await runDunning(ctx, { dry_run: true })).skipped).toEqual([{ case_id: caseId, reason: 'template_missing' }]);
    await setTemplateActive(ctx, templateId, { is_active: true });
    await testApp.sql('DELETE FROM bank_accounts');
    expect((await runDunning(ctx, { dry_run: true })).skipped).toEqual([{ case_id: caseId, reason: 'cannot_render' }]);
  });
});

describe('the daily run in the server', () => {
  let second: AppContext;
  beforeEach(async () => {
    second = await openAppContext({ ...testApp.location, dataDir: testApp.dir, secret: TEST_SECRET, clock, providers: { channels: channels.directory } });
  });
  afterEach(() => second.database.close());

  it('two instances starting it at once make one run and one job; the job takes each step once', async () => {
    const caseId = await addCase();
    const sixAm = 6 * 60;
    clock.set('2026-11-23T04:30:00.000Z'); // 05:30 in Stockholm: not yet
    expect(await scheduleDailyDunning(testApp.app, sixAm)).toBe(0);
    clock.set(MONDAY_10);
    const started = await Promise.all([scheduleDailyDunning(testApp.app, sixAm), scheduleDailyDunning(second, sixAm)]);
    expect(started[0]! + started[1]!).toBe(1);
    expect(await scheduleDailyDunning(second, sixAm)).toBe(0);
    const jobs = await testApp.sql<{ id: string }>("SELECT id FROM job_queue WHERE job_type = 'dunning_run'");
    expect(jobs).toHaveLength(1);

    const worker = createJobWorker(testApp.app, { handlers: createJobHandlers() });
    const job = await worker.runOnce();
    expect(job).toMatchObject({ job_type: 'dunning_run', status: 'completed', result_json: { messages: 1, cases_seen: 1 } });
    const [run] = await testApp.sql<{ scheduled_for: string; finished_at: string | null }>('SELECT scheduled_for, finished_at FROM dunning_runs');
    expect(run).toMatchObject({ scheduled_for: '2026-11-23', finished_at: MONDAY_10 });
    expect(await testApp.sql('SELECT id FROM communications WHERE case_id = ?', caseId)).toHaveLength(1);
  });
});

// Issue 17: two instances running the dunning at the same moment on one PostgreSQL database.
describePostgres('two runs at once', () => {
  it('take each step once', async () => {
    const ids = [];
    for (let k = 0; k < 6; k += 1) ids.push(await addCase({ reminder_fee_agreed: true }));
    const second = await openAppContext({ ...testApp.location, dataDir: testApp.dir, secret: TEST_SECRET, clock, providers: { channels: channels.directory } });
    try {
      const secondCtx = await operatorContext(second, ctx.membership.org_id);
      const runs = await Promise.all([runDunning(ctx, {}), runDunning(secondCtx, {})]);
      expect(runs[0]!.messages.length + runs[1]!.messages.length).toBe(6);
      expect(await count('communications')).toBe(6);
      expect(await count('case_fees')).toBe(6);
      expect(await count('dunning_case_steps')).toBe(6);
    } finally {
      await second.database.close();
    }
  });
});
