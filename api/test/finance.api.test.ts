import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFeeInForce, type Ore } from '@fordran/core';
import {
  feeListResponseSchema,
  feeResponseSchema,
  interestProfileListResponseSchema,
  interestProfileResponseSchema,
  type FeeResponse,
  type InterestProfileResponse,
} from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertCase, insertCreditor, insertParty } from './fixtures';

let api: TestApi;
let admin: TestUser;
let finance: TestUser;
let handler: TestUser;
let other: TestUser;

beforeAll(async () => {
  api = await createTestApi();
  admin = await createUser(api, { name: 'Ekonomi Admin' });
  finance = await createMember(api, admin, 'finance');
  handler = await createMember(api, admin, 'handler');
  other = await createUser(api, { name: 'Annan Org' });
});
afterAll(() => api.close());

const feesPath = () => `/api/orgs/${admin.org_id}/fee-catalogue`;
const profilesPath = () => `/api/orgs/${admin.org_id}/interest-profiles`;

async function listFees(token = admin.token) {
  return expectBody(await api.request('GET', feesPath(), { token }), 200, feeListResponseSchema);
}

async function feeInForce(code: string): Promise<FeeResponse> {
  const fee = (await listFees()).items.find((item) => item.code === code && item.state === 'in_force');
  if (!fee) throw new Error(`no fee ${code} in force`);
  return fee;
}

/** The fee's rows by valid_from; valid_from as text and is_active as 0/1 on both engines (PostgreSQL's driver reads a date as a Date). */
function feeRows(code: string) {
  return api.sql<{ id: string; amount: number; valid_from: string; is_active: number; name: string }>(
    'SELECT id, amount, CAST(valid_from AS TEXT) AS valid_from, CASE WHEN is_active THEN 1 ELSE 0 END AS is_active, name FROM fee_catalogue WHERE org_id = ? AND code = ? ORDER BY valid_from',
    admin.org_id,
    code,
  );
}

async function listProfiles(token = admin.token) {
  return expectBody(await api.request('GET', profilesPath(), { token }), 200, interestProfileListResponseSchema);
}

async function profileByCode(code: string): Promise<InterestProfileResponse> {
  const profile = (await listProfiles()).items.find((item) => item.code === code);
  if (!profile) throw new Error(`no profile ${code}`);
  return profile;
}

async function profileRow(id: string): Promise<unknown> {
  return (await api.sql('SELECT * FROM interest_profiles WHERE id = ?', id))[0];
}

async function defaultProfileId(): Promise<unknown> {
  return (await api.sql<{ id: unknown }>('SELECT default_interest_profile_id AS id FROM organisations WHERE id = ?', admin.org_id))[0]!.id;
}

describe('fee catalogue', () => {
  it('lists the statutory catalogue of a new organisation by code, in force today, with the caps of the law', async () => {
    const list = await listFees(handler.token);
    expect(list.today).toBe('2026-11-22');
    expect(list.items.map((fee) => [fee.code, fee.name, fee.amount, fee.tax_code, fee.valid_from, fee.state, fee.statutory_max])).toEqual([
      ['COLLECTION_180', 'Inkassoavgift', '180.00', 'EXEMPT', '2013-03-16', 'in_force', '180.00'],
      ['LATE_FEE_450', 'Förseningsersättning', '450.00', 'EXEMPT', '2013-03-16', 'in_force', '450.00'],
      ['PAYMENT_PLAN_170', 'Avgift för amorteringsplan', '170.00', 'EXEMPT', '2013-03-16', 'in_force', '170.00'],
      ['REMINDER_60', 'Påminnelseavgift', '60.00', 'EXEMPT', '2013-03-16', 'in_force', '60.00'],
    ]);
    // What the page shows: the code's meaning, not the code.
    expect(new Set(list.items.map((fee) => fee.tax_code_label))).toEqual(new Set(['Momsfri']));
  });

  it('creates an own fee from today, amount as a decimal string, without a cap', async () => {
    const fee = await expectBody(
      await api.request('POST', feesPath(), {
        token: finance.token,
        body: { code: 'kfm_application_300', name: 'Ansökningsavgift KFM', amount: '300', tax_code: 'exempt' },
      }),
      201,
      feeResponseSchema,
    );
    expect(fee).toMatchObject({
      code: 'KFM_APPLICATION_300',
      amount: '300.00',
      tax_code: 'EXEMPT',
      valid_from: '2026-11-22',
      is_active: true,
      state: 'in_force',
      statutory_max: null,
    });
    const another = await expectBody(
      await api.request('POST', feesPath(), {
        token: admin.token,
        body: { code: 'ADMIN_FEE', name: 'Administrationsavgift', amount: 25.5, valid_from: '2027-01-01' },
      }),
      201,
      feeResponseSchema,
    );
    expect(another).toMatchObject({ amount: '25.50', tax_code: null, state: 'scheduled' });
  });

  it.each<[string, unknown, number, string, string]>([
    [
      'an existing code',
      { code: 'reminder_60', name: 'Påminnelse', amount: '50' },
      409,
      'CONFLICT',
      'Avgiftskoden REMINDER_60 finns redan. Ändra beloppet på den befintliga avgiften, så skapas en ny version.',
    ],
    [
      'a statutory fee above the law',
      { code: 'REMINDER_60', name: 'Påminnelse', amount: '75' },
      422,
      'FEE_NOT_ALLOWED',
      'Påminnelseavgift (REMINDER_60) får vara högst 60,00\u00a0kr enligt lag 1981:739 4 §; avgiftskatalogen kan inte ha ett högre belopp',
    ],
    ['three decimals', { code: 'NEW_FEE', name: 'Ny', amount: '1234.567' }, 400, 'VALIDATION_FAILED', 'Beloppet får ha högst två decimaler'],
    [
      'an ambiguous amount',
      { code: 'NEW_FEE', name: 'Ny', amount: '12.345' },
      400,
      'VALIDATION_FAILED',
      'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50',
    ],
    ['a zero amount', { code: 'NEW_FEE', name: 'Ny', amount: 0 }, 400, 'VALIDATION_FAILED', 'Belopp måste vara större än 0'],
    ['no name', { code: 'NEW_FEE', name: ' ', amount: 10 }, 400, 'VALIDATION_FAILED', 'Namn krävs'],
    ['a bad date', { code: 'NEW_FEE', name: 'Ny', amount: 10, valid_from: '2026-02-30' }, 400, 'VALIDATION_FAILED', 'Ogiltigt datum'],
  ])('refuses %s and creates nothing', async (_name, body, status, code, message) => {
    const counts = await allRowCounts(api);
    const error = await expectError(await api.request('POST', feesPath(), { token: admin.token, body }), status, code);
    expect(error.message).toBe(message);
    expect(await allRowCounts(api)).toEqual(counts);
  });

  it('a new amount is a new version from today: the old row keeps its amount, the new one is in force', async () => {
    const before = await feeInForce('COLLECTION_180');
    api.clock.advanceSeconds(1);
    const written = await expectBody(
      await api.request('PATCH', `${feesPath()}/${before.id}`, { token: finance.token, body: { amount: '150,00' } }),
      200,
      feeResponseSchema,
    );
    expect(written).toMatchObject({ code: 'COLLECTION_180', amount: '150.00', valid_from: '2026-11-22', state: 'in_force', name: 'Inkassoavgift' });
    expect(written.id).not.toBe(before.id);
    expect((await feeRows('COLLECTION_180')).map((row) => [row.valid_from, row.amount])).toEqual([
      ['2013-03-16', 18000],
      ['2026-11-22', 15000],
    ]);
    const states = (await listFees()).items.filter((fee) => fee.code === 'COLLECTION_180').map((fee) => [fee.valid_from, fee.amount, fee.state]);
    expect(states).toEqual([
      ['2026-11-22', '150.00', 'in_force'],
      ['2013-03-16', '180.00', 'superseded'],
    ]);
    // What the cases service reads: core picks the version in force on a date from the rows.
    const entries = (await feeRows('COLLECTION_180')).map((row) => ({
      code: 'COLLECTION_180',
      name: row.name,
      amountOre: row.amount as Ore,
      tax_code: null,
      valid_from: row.valid_from,
      is_active: true,
    }));
    expect(findFeeInForce(entries, 'COLLECTION_180', '2026-11-21')?.amountOre).toBe(18000);
    expect(findFeeInForce(entries, 'COLLECTION_180', '2026-11-22')?.amountOre).toBe(15000);
  });

  it("a later valid_from schedules the new amount and leaves today's in force", async () => {
    const current = await feeInForce('REMINDER_60');
    const written = await expectBody(
      await api.request('PATCH', `${feesPath()}/${current.id}`, {
        token: admin.token,
        body: { amount: 50, valid_from: '2027-01-01', name: 'Påminnelseavgift 2027' },
      }),
      200,
      feeResponseSchema,
    );
    expect(written).toMatchObject({ amount: '50.00', valid_from: '2027-01-01', state: 'scheduled', name: 'Påminnelseavgift 2027' });
    expect(await feeInForce('REMINDER_60')).toMatchObject({ id: current.id, amount: '60.00', name: 'Påminnelseavgift' });
  });

  it.each<[string, string, unknown, number, string, string]>([
    [
      'backdated',
      'PAYMENT_PLAN_170',
      { amount: 150, valid_from: '2026-11-21' },
      400,
      'VALIDATION_FAILED',
      'Ett nytt belopp kan inte gälla bakåt i tiden: välj 2026-11-22 eller senare',
    ],
    [
      'on a day that has a version',
      'REMINDER_60',
      { amount: 55, valid_from: '2027-01-01' },
      409,
      'CONFLICT',
      'REMINDER_60 har redan en version som gäller från 2027-01-01',
    ],
    [
      'above the cap',
      'PAYMENT_PLAN_170',
      { amount: 295 },
      422,
      'FEE_NOT_ALLOWED',
      'Avgift för amorteringsplan (PAYMENT_PLAN_170) får vara högst 170,00\u00a0kr enligt lag 1981:739 4 §; avgiftskatalogen kan inte ha ett högre belopp',
    ],
    [
      'above the fixed 450 kr',
      'LATE_FEE_450',
      { amount: '450.01' },
      422,
      'FEE_NOT_ALLOWED',
      'Förseningsersättningen är 450,00\u00a0kr och kan inte vara högre (lag 1981:739 4 a §)',
    ],
    [
      'valid_from without an amount',
      'LATE_FEE_450',
      { valid_from: '2027-01-01' },
      400,
      'VALIDATION_FAILED',
      'Giltig från anges bara med ett nytt belopp (en ny version av avgiften)',
    ],
    ['a negative amount', 'LATE_FEE_450', { amount: '-10' }, 400, 'VALIDATION_FAILED', 'Belopp måste vara större än 0'],
  ])('refuses an edit %s and changes nothing', async (_name, code, body, status, errorCode, message) => {
    const fee = await feeInForce(code);
    const rows = await feeRows(code);
    const counts = await allRowCounts(api);
    const error = await expectError(await api.request('PATCH', `${feesPath()}/${fee.id}`, { token: admin.token, body }), status, errorCode);
    expect(error.message).toBe(message);
    expect(await feeRows(code)).toEqual(rows);
    expect(await allRowCounts(api)).toEqual(counts);
  });

  it('a new version must start after the version it replaces', async () => {
    const fee = (await listFees()).items.find((item) => item.code === 'ADMIN_FEE')!;
    const error = await expectError(
      await api.request('PATCH', `${feesPath()}/${fee.id}`, { token: admin.token, body: { amount: 30, valid_from: '2027-01-01' } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.message).toBe('Det nya beloppet måste gälla från ett senare datum än versionen det ersätter (2027-01-01)');
  });

  it('changes name and tax code in place, on the same row', async () => {
    const fee = await feeInForce('LATE_FEE_450');
    const written = await expectBody(
      await api.request('PATCH', `${feesPath()}/${fee.id}`, {
        token: admin.token,
        body: { name: 'Förseningsersättning (B2B)', tax_code: 'momsfri', amount: '450.00' },
      }),
      200,
      feeResponseSchema,
    );
    expect(written).toMatchObject({ id: fee.id, name: 'Förseningsersättning (B2B)', tax_code: 'MOMSFRI', amount: '450.00' });
    expect(await feeRows('LATE_FEE_450')).toHaveLength(1);
  });

  it('deactivating switches off every version of the code, so no older amount comes back into force', async () => {
    const fee = await feeInForce('COLLECTION_180');
    const off = await expectBody(
      await api.request('PATCH', `${feesPath()}/${fee.id}`, { token: finance.token, body: { is_active: false } }),
      200,
      feeResponseSchema,
    );
    expect(off).toMatchObject({ is_active: false, state: 'inactive' });
    expect((await feeRows('COLLECTION_180')).map((row) => row.is_active)).toEqual([0, 0]);
    expect((await listFees()).items.filter((item) => item.code === 'COLLECTION_180').map((item) => item.state)).toEqual(['inactive', 'inactive']);
    const on = await expectBody(
      await api.request('PATCH', `${feesPath()}/${fee.id}`, { token: finance.token, body: { is_active: true } }),
      200,
      feeResponseSchema,
    );
    expect(on.state).toBe('in_force');
    expect((await listFees()).items.filter((item) => item.code === 'COLLECTION_180').map((item) => item.state)).toEqual(['in_force', 'superseded']);
  });

  it("handlers read but may not change the catalogue; another organisation's fee is 404", async () => {
    const fee = await feeInForce('REMINDER_60');
    const counts = await allRowCounts(api);
    await expectError(await api.request('PATCH', `${feesPath()}/${fee.id}`, { token: handler.token, body: { amount: 10 } }), 403, 'FORBIDDEN');
    await expectError(await api.request('POST', feesPath(), { token: handler.token, body: { code: 'X', name: 'X', amount: 1 } }), 403, 'FORBIDDEN');
    await expectError(
      await api.request('PATCH', `/api/orgs/${other.org_id}/fee-catalogue/${fee.id}`, { token: other.token, body: { amount: 10 } }),
      404,
      'NOT_FOUND',
    );
    expect(await allRowCounts(api)).toEqual(counts);
  });
});

describe('interest profiles', () => {
  it("lists the two ready profiles by code with the spec's display, dröjsmålsränta as default", async () => {
    const list = await listProfiles(handler.token);
    expect(list.items.map((p) => [p.code, p.base, p.margin_bp, p.fixed_rate_pa, p.rate_display, p.is_default, p.is_active, p.in_use])).toEqual([
      ['DROJSMALSRANTA', 'REFERENCE_RATE', 800, null, 'Referensränta + 8 %', true, true, false],
      ['FIXED_8', 'fixed', null, '8.00', '8 % per år', false, true, false],
    ]);
    expect(list.default_interest_profile_id).toBe(list.items[0]!.id);
  });

  it('creates a fixed-rate profile (rate as decimal text) and a reference-rate profile', async () => {
    const fixed = await expectBody(
      await api.request('POST', profilesPath(), {
        token: finance.token,
        body: { code: 'fast_10', name: 'Fast 10,5 %', base: 'fixed', fixed_rate_pa: '10,5', margin_bp: 300 },
      }),
      201,
      interestProfileResponseSchema,
    );
    expect(fixed).toMatchObject({
      code: 'FAST_10',
      base: 'fixed',
      fixed_rate_pa: '10.5',
      margin_bp: null,
      rate_display: '10,5 % per år',
      is_default: false,
      is_active: true,
    });
    const reference = await expectBody(
      await api.request('POST', profilesPath(), {
        token: admin.token,
        body: { code: 'REF_7', base: 'REFERENCE_RATE', margin_bp: 750, valid_from: '2026-01-01', valid_to: '2027-12-31' },
      }),
      201,
      interestProfileResponseSchema,
    );
    expect(reference).toMatchObject({
      margin_bp: 750,
      fixed_rate_pa: null,
      rate_display: 'Referensränta + 7,5 %',
      valid_from: '2026-01-01',
      valid_to: '2027-12-31',
      name: null,
    });
  });

  it.each<[string, unknown, number, string, string]>([
    ['a fixed profile without a rate', { code: 'F1', base: 'fixed' }, 400, 'VALIDATION_FAILED', 'Ange den fasta räntan i procent per år, t.ex. 8.50'],
    [
      'a reference profile without a margin',
      { code: 'R1', base: 'REFERENCE_RATE' },
      400,
      'VALIDATION_FAILED',
      'Ange marginalen i baspunkter (800 = referensränta + 8 procentenheter)',
    ],
    [
      'a rate with five decimals',
      { code: 'F1', base: 'fixed', fixed_rate_pa: '8.12345' },
      400,
      'VALIDATION_FAILED',
      'Ange den fasta räntan i procent per år, 0–100 med högst fyra decimaler, t.ex. 8.50',
    ],
    [
      'a negative rate',
      { code: 'F1', base: 'fixed', fixed_rate_pa: '-1' },
      400,
      'VALIDATION_FAILED',
      'Ange den fasta räntan i procent per år, 0–100 med högst fyra decimaler, t.ex. 8.50',
    ],
    [
      'a margin that is not whole basis points',
      { code: 'R1', base: 'REFERENCE_RATE', margin_bp: 8.5 },
      400,
      'VALIDATION_FAILED',
      'Marginalen anges i hela baspunkter (800 = 8 procentenheter), mellan -10000 och 10000',
    ],
    [
      'an unknown base',
      { code: 'R1', base: 'STIBOR', margin_bp: 100 },
      400,
      'VALIDATION_FAILED',
      'Välj bas: REFERENCE_RATE (referensränta + marginal) eller fixed (fast ränta)',
    ],
    [
      'valid_to before valid_from',
      { code: 'F1', base: 'fixed', fixed_rate_pa: 5, valid_from: '2026-06-01', valid_to: '2026-05-31' },
      400,
      'VALIDATION_FAILED',
      'Giltig till kan inte vara före giltig från',
    ],
    ['a taken code', { code: 'fixed_8', base: 'fixed', fixed_rate_pa: 9 }, 409, 'CONFLICT', 'Det finns redan en ränteprofil med koden FIXED_8'],
  ])('refuses %s and creates nothing', async (_name, body, status, code, message) => {
    const counts = await allRowCounts(api);
    const error = await expectError(await api.request('POST', profilesPath(), { token: admin.token, body }), status, code);
    expect(error.message).toBe(message);
    expect(await allRowCounts(api)).toEqual(counts);
  });

  it('edits name, validity and the rate of a profile no case uses', async () => {
    const profile = await profileByCode('REF_7');
    const saved = await expectBody(
      await api.request('PATCH', `${profilesPath()}/${profile.id}`, { token: finance.token, body: { name: 'Referens + 7', margin_bp: 700, valid_to: null } }),
      200,
      interestProfileResponseSchema,
    );
    expect(saved).toMatchObject({ name: 'Referens + 7', margin_bp: 700, valid_to: null, rate_display: 'Referensränta + 7 %' });
    const fixed = await expectBody(
      await api.request('PATCH', `${profilesPath()}/${profile.id}`, { token: finance.token, body: { base: 'fixed', fixed_rate_pa: 7 } }),
      200,
      interestProfileResponseSchema,
    );
    expect(fixed).toMatchObject({ base: 'fixed', fixed_rate_pa: '7', margin_bp: null, rate_display: '7 % per år' });
  });

  it('chooses the default profile for new cases, and never an inactive or expired one', async () => {
    const fast = await profileByCode('FAST_10');
    const list = await expectBody(
      await api.request('PUT', `${profilesPath()}/default`, { token: finance.token, body: { interest_profile_id: fast.id } }),
      200,
      interestProfileListResponseSchema,
    );
    expect(list.default_interest_profile_id).toBe(fast.id);
    expect(list.items.filter((p) => p.is_default).map((p) => p.code)).toEqual(['FAST_10']);
    expect(await defaultProfileId()).toBe(fast.id);

    const ref = await profileByCode('REF_7');
    await expectBody(
      await api.request('PATCH', `${profilesPath()}/${ref.id}`, { token: admin.token, body: { is_active: false } }),
      200,
      interestProfileResponseSchema,
    );
    const inactive = await expectError(
      await api.request('PUT', `${profilesPath()}/default`, { token: admin.token, body: { interest_profile_id: ref.id } }),
      409,
      'CONFLICT',
    );
    expect(inactive.message).toBe('Ränteprofilen REF_7 är inaktiv och kan inte vara standard');

    const fixed8 = await profileByCode('FIXED_8');
    await expectBody(
      await api.request('PATCH', `${profilesPath()}/${fixed8.id}`, { token: admin.token, body: { valid_to: '2025-12-31' } }),
      200,
      interestProfileResponseSchema,
    );
    const expired = await expectError(
      await api.request('PUT', `${profilesPath()}/default`, { token: admin.token, body: { interest_profile_id: fixed8.id } }),
      409,
      'CONFLICT',
    );
    expect(expired.message).toBe('Ränteprofilen FIXED_8 gäller inte i dag och kan inte vara standard för nya ärenden');

    await expectError(
      await api.request('PUT', `${profilesPath()}/default`, { token: admin.token, body: { interest_profile_id: crypto.randomUUID() } }),
      404,
      'NOT_FOUND',
    );
    expect(await defaultProfileId()).toBe(fast.id);
  });

  it('the default profile cannot be deactivated', async () => {
    const fast = await profileByCode('FAST_10');
    const before = await profileRow(fast.id);
    const error = await expectError(
      await api.request('PATCH', `${profilesPath()}/${fast.id}`, { token: admin.token, body: { is_active: false } }),
      409,
      'CONFLICT',
    );
    expect(error.message).toBe('Standardprofilen för nya ärenden kan inte inaktiveras. Välj en annan standardprofil först.');
    expect(await profileRow(fast.id)).toEqual(before);
  });

  it('a profile cases use keeps its rate; its name may still change', async () => {
    const drojsmal = await profileByCode('DROJSMALSRANTA');
    const creditorId = await insertCreditor(api, admin.org_id);
    const partyId = await insertParty(api, admin.org_id);
    const caseId = await insertCase(api, admin.org_id, {
      creditorId,
      partyId,
      status: 'active',
      outstandingOre: 100_000,
      dueDate: '2026-01-31',
      createdAt: api.clock.now(),
    });
    await api.sql('UPDATE cases SET interest_profile_id = ? WHERE id = ?', drojsmal.id, caseId);
    expect((await profileByCode('DROJSMALSRANTA')).in_use).toBe(true);
    const before = await profileRow(drojsmal.id);
    const error = await expectError(
      await api.request('PATCH', `${profilesPath()}/${drojsmal.id}`, { token: admin.token, body: { margin_bp: 900 } }),
      409,
      'CONFLICT',
    );
    expect(error.message).toBe(
      'Ränteprofilen DROJSMALSRANTA används av ärenden, så räntesatsen kan inte ändras. Skapa en ny profil med den nya räntan i stället.',
    );
    expect(await profileRow(drojsmal.id)).toEqual(before);
    const renamed = await expectBody(
      await api.request('PATCH', `${profilesPath()}/${drojsmal.id}`, { token: admin.token, body: { name: 'Lagstadgad dröjsmålsränta' } }),
      200,
      interestProfileResponseSchema,
    );
    expect(renamed).toMatchObject({ name: 'Lagstadgad dröjsmålsränta', margin_bp: 800 });
  });

  it('a case without a profile of its own uses the default, so the default counts as in use', async () => {
    const fast = await profileByCode('FAST_10');
    expect(fast.in_use).toBe(false);
    await api.sql('UPDATE cases SET interest_profile_id = NULL WHERE org_id = ?', admin.org_id);
    expect((await profileByCode('FAST_10')).in_use).toBe(true);
    await expectError(await api.request('PATCH', `${profilesPath()}/${fast.id}`, { token: admin.token, body: { fixed_rate_pa: '11' } }), 409, 'CONFLICT');
  });

  it('handlers read but may not change profiles or the default', async () => {
    const fast = await profileByCode('FAST_10');
    const counts = await allRowCounts(api);
    await expectError(
      await api.request('POST', profilesPath(), { token: handler.token, body: { code: 'H1', base: 'fixed', fixed_rate_pa: 5 } }),
      403,
      'FORBIDDEN',
    );
    await expectError(await api.request('PATCH', `${profilesPath()}/${fast.id}`, { token: handler.token, body: { name: 'x' } }), 403, 'FORBIDDEN');
    await expectError(
      await api.request('PUT', `${profilesPath()}/default`, { token: handler.token, body: { interest_profile_id: fast.id } }),
      403,
      'FORBIDDEN',
    );
    expect(await allRowCounts(api)).toEqual(counts);
  });
});
