import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEE_CATALOGUE, FIXED_8_PROFILE, LEGAL_INTEREST_PROFILE, REFERENCE_RATES_SEED, RULE_TYPES, SEED_LEDGER_ACCOUNTS } from '@fordran/core';
import {
  authenticate,
  createManualClock,
  defaultOrganisationName,
  enterOrganisation,
  ensureReferenceRates,
  getMe,
  insertNotification,
  notify,
  requirePermission,
  signIn,
  signUp,
  type AppContext,
  type RealtimeEvent,
  type UserContext,
} from '.';
import { openTestApp, type TestApp } from './testing/test-app';

let testApp: TestApp;
let app: AppContext;

beforeEach(async () => {
  // Without the shipped reference rates: the last test adds them itself.
  testApp = await openTestApp({ clock: createManualClock('2026-11-22T09:00:00.000Z'), seedReferenceRates: false });
  app = testApp.app;
});
afterEach(() => testApp.close());

async function signedIn(email: string): Promise<UserContext> {
  await signUp(app, { email, password: 'hemligt', full_name: 'Test Testsson' });
  const session = await signIn(app, { email, password: 'hemligt' });
  return { app, actor: await authenticate(app, session.access_token) };
}

/** Plain SQL on the database underneath: the one column of every row. */
async function column<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (await testApp.sql(sql, ...params)).map((row) => Object.values(row)[0] as T);
}

describe('organisation names', () => {
  it.each([
    ['Anna Andersson', 'Anna Anderssons organisation'],
    ['Lars', 'Lars organisation'],
    ['Max', 'Max organisation'],
    ['Inez', 'Inez organisation'],
    ['  Åsa  ', 'Åsas organisation'],
  ])('%s → %s', (name, expected) => {
    expect(defaultOrganisationName(name)).toBe(expected);
  });
});

describe('a new organisation', () => {
  it('starts with the statutory fees, both interest profiles (dröjsmålsränta as default), a rule of every type and the chart of accounts', async () => {
    const anna = await signedIn('anna@example.se');
    const orgId = (await getMe(anna)).memberships[0]!.org_id;
    const codes = async (table: 'fee_catalogue' | 'interest_profiles' | 'gl_accounts') =>
      (await column<string>(`SELECT code FROM ${table} WHERE org_id = ?`, orgId)).sort();
    expect(await codes('fee_catalogue')).toEqual(DEFAULT_FEE_CATALOGUE.map((fee) => fee.code).sort());
    expect(await codes('interest_profiles')).toEqual([FIXED_8_PROFILE.code, LEGAL_INTEREST_PROFILE.code].sort());
    expect(await codes('gl_accounts')).toEqual(SEED_LEDGER_ACCOUNTS.map((account) => account.code).sort());
    const ruleTypes = (await column<string>('SELECT condition_json FROM rules WHERE org_id = ?', orgId)).map(
      (json) => (JSON.parse(json) as { rule_type: string }).rule_type,
    );
    expect(new Set(ruleTypes)).toEqual(new Set(Object.keys(RULE_TYPES)));
    const defaultProfile = await column<string>(
      'SELECT p.code FROM organisations o JOIN interest_profiles p ON p.id = o.default_interest_profile_id WHERE o.id = ?',
      orgId,
    );
    expect(defaultProfile).toEqual([LEGAL_INTEREST_PROFILE.code]);
  });
});

describe('tenancy helpers', () => {
  it('a member enters their organisation; anyone else gets NOT_FOUND', async () => {
    const anna = await signedIn('anna@example.se');
    const bo = await signedIn('bo@example.se');
    const annaOrg = (await getMe(anna)).memberships[0]!.org_id;
    expect((await enterOrganisation(anna, annaOrg)).membership).toMatchObject({ org_id: annaOrg, role: 'admin' });
    await expect(enterOrganisation(bo, annaOrg)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(enterOrganisation({ app, actor: null }, annaOrg)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('requirePermission refuses what the role lacks with FORBIDDEN', async () => {
    const anna = await signedIn('anna@example.se');
    const ctx = await enterOrganisation(anna, (await getMe(anna)).memberships[0]!.org_id);
    expect(() => requirePermission(ctx, 'org.settings')).not.toThrow();
    expect(() => requirePermission({ ...ctx, membership: { ...ctx.membership, role: 'handler' } }, 'org.settings')).toThrowError(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });
});

describe('notifications and events', () => {
  it('notify publishes after the write; a rolled-back notification is neither stored nor published', async () => {
    const anna = await signedIn('anna@example.se');
    const orgId = (await getMe(anna)).memberships[0]!.org_id;
    const seen: RealtimeEvent[] = [];
    app.events.subscribe(orgId, (event) => seen.push(event));

    const created = await notify(app, { org_id: orgId, message: 'Hej alla' });
    expect(seen).toEqual([{ type: 'notification', org_id: orgId, user_id: null, data: created }]);

    await expect(
      app.database.transaction(async (tx) => {
        await insertNotification(tx, app, { org_id: orgId, message: 'Ångras' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(seen).toHaveLength(1);
    expect(await column("SELECT count(*) FROM notifications WHERE message = 'Ångras'")).toEqual([0]);
  });

  it('refuses an empty notification message', async () => {
    await expect(notify(app, { org_id: 'x', message: ' ' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('reference rates at start', () => {
  it('adds the shipped rates once and never overwrites a corrected one', async () => {
    expect(await ensureReferenceRates(app.database, app.clock.now())).toBe(REFERENCE_RATES_SEED.length);
    await testApp.sql("UPDATE reference_rates SET rate_bp = 999 WHERE valid_from = '2026-07-01'");
    expect(await ensureReferenceRates(app.database, app.clock.now())).toBe(0);
    expect(await column("SELECT rate_bp FROM reference_rates WHERE valid_from = '2026-07-01'")).toEqual([999]);
  });
});
