import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEE_CATALOGUE, FIXED_8_PROFILE, LEGAL_INTEREST_PROFILE, REFERENCE_RATES_SEED, RULE_TYPES, SEED_LEDGER_ACCOUNTS } from '@fordran/core';
import {
  createLocalFileStorage,
  feeCatalogue,
  glAccounts,
  interestProfiles,
  openStore,
  organisations,
  referenceRates,
  rules,
  type Store,
} from '@fordran/store';
import { eq } from 'drizzle-orm';
import {
  authenticate,
  createAppContext,
  createManualClock,
  createServicesConfig,
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

let dir: string;
let store: Store;
let app: AppContext;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fordran-services-'));
  store = openStore(':memory:');
  app = createAppContext({
    store,
    clock: createManualClock('2026-11-22T09:00:00.000Z'),
    config: createServicesConfig({ secret: 'a-test-secret-of-reasonable-length' }),
    files: createLocalFileStorage(join(dir, 'files')),
  });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signedIn(email: string): Promise<UserContext> {
  await signUp(app, { email, password: 'hemligt', full_name: 'Test Testsson' });
  const session = await signIn(app, { email, password: 'hemligt' });
  return { app, actor: authenticate(app, session.access_token) };
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
    const orgId = getMe(anna).memberships[0]!.org_id;
    const codes = (table: typeof feeCatalogue | typeof rules | typeof glAccounts | typeof interestProfiles) =>
      store.db
        .select({ code: table.code })
        .from(table)
        .where(eq(table.org_id, orgId))
        .all()
        .map((row) => row.code)
        .sort();
    expect(codes(feeCatalogue)).toEqual(DEFAULT_FEE_CATALOGUE.map((fee) => fee.code).sort());
    expect(codes(interestProfiles)).toEqual([FIXED_8_PROFILE.code, LEGAL_INTEREST_PROFILE.code].sort());
    expect(codes(glAccounts)).toEqual(SEED_LEDGER_ACCOUNTS.map((account) => account.code).sort());
    const ruleTypes = store.db
      .select({ condition: rules.condition_json })
      .from(rules)
      .where(eq(rules.org_id, orgId))
      .all()
      .map((row) => row.condition.rule_type);
    expect(new Set(ruleTypes)).toEqual(new Set(Object.keys(RULE_TYPES)));
    const org = store.db.select().from(organisations).where(eq(organisations.id, orgId)).get()!;
    const defaultProfile = store.db.select().from(interestProfiles).where(eq(interestProfiles.id, org.default_interest_profile_id!)).get();
    expect(defaultProfile?.code).toBe(LEGAL_INTEREST_PROFILE.code);
  });
});

describe('tenancy helpers', () => {
  it('a member enters their organisation; anyone else gets NOT_FOUND', async () => {
    const anna = await signedIn('anna@example.se');
    const bo = await signedIn('bo@example.se');
    const annaOrg = getMe(anna).memberships[0]!.org_id;
    expect(enterOrganisation(anna, annaOrg).membership).toMatchObject({ org_id: annaOrg, role: 'admin' });
    expect(() => enterOrganisation(bo, annaOrg)).toThrowError(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => enterOrganisation({ app, actor: null }, annaOrg)).toThrowError(expect.objectContaining({ code: 'UNAUTHORIZED' }));
  });

  it('requirePermission refuses what the role lacks with FORBIDDEN', async () => {
    const anna = await signedIn('anna@example.se');
    const ctx = enterOrganisation(anna, getMe(anna).memberships[0]!.org_id);
    expect(() => requirePermission(ctx, 'org.settings')).not.toThrow();
    expect(() => requirePermission({ ...ctx, membership: { ...ctx.membership, role: 'handler' } }, 'org.settings')).toThrowError(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
  });
});

describe('notifications and events', () => {
  it('notify publishes after the write; a rolled-back notification is neither stored nor published', async () => {
    const anna = await signedIn('anna@example.se');
    const orgId = getMe(anna).memberships[0]!.org_id;
    const seen: RealtimeEvent[] = [];
    app.events.subscribe(orgId, (event) => seen.push(event));

    const created = notify(app, { org_id: orgId, message: 'Hej alla' });
    expect(seen).toEqual([{ type: 'notification', org_id: orgId, user_id: null, data: created }]);

    expect(() =>
      store.transaction((tx) => {
        insertNotification(tx, app, { org_id: orgId, message: 'Ångras' });
        throw new Error('rollback');
      }),
    ).toThrow('rollback');
    expect(seen).toHaveLength(1);
    expect(store.sqlite.prepare("SELECT count(*) AS n FROM notifications WHERE message = 'Ångras'").get()).toEqual({ n: 0 });
  });

  it('refuses an empty notification message', () => {
    expect(() => notify(app, { org_id: 'x', message: ' ' })).toThrowError(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});

describe('reference rates at start', () => {
  it('adds the shipped rates once and never overwrites a corrected one', () => {
    expect(ensureReferenceRates(store, app.clock.now())).toBe(REFERENCE_RATES_SEED.length);
    store.db.update(referenceRates).set({ rate_bp: 999 }).where(eq(referenceRates.valid_from, '2026-07-01')).run();
    expect(ensureReferenceRates(store, app.clock.now())).toBe(0);
    expect(store.db.select().from(referenceRates).where(eq(referenceRates.valid_from, '2026-07-01')).get()?.rate_bp).toBe(999);
  });
});
