import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToOre } from '@fordran/core';
import { caseDetailSchema, caseFeeAddResponseSchema, caseFlagResolveResponseSchema, caseInterestResponseSchema } from '@fordran/services';
import { allRowCounts, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty, insertPaymentPlan, insertSentDemand } from './fixtures';

/*
 * The money of a case over HTTP (issue 4): fees from the catalogue under the law and the rules,
 * interest per profile across a reference-rate change, every rule type blocking or warning,
 * flags and their resolution — and a ledger that balances after all of it. Today is 2026-11-22.
 */

let api: TestApi;
let admin: TestUser;
let creditorId: string;
let personId: string;
let companyId: string;

const base = () => `/api/orgs/${admin.org_id}`;
const post = (path: string, body: unknown = {}) => api.request('POST', `${base()}${path}`, { token: admin.token, body });

/**
 * An active case has had its inkassokrav sent unless `demandSent` is false: the tests here are
 * about the other fee rules; the collection fee's own rule is tested with cases that have none.
 */
async function openCase(overrides: Record<string, unknown> = {}, status: 'active' | 'draft' = 'active', { demandSent = true } = {}) {
  const body = {
    creditor_id: creditorId,
    party_id: personId,
    reference_no: `F-${Math.random().toString(36).slice(2, 8)}`,
    principal_amount: '10000',
    due_date: '2026-06-30',
    ...overrides,
  };
  const created = await expectBody(await post('/cases', body), 201, caseDetailSchema);
  if (status === 'active') await expectBody(await post(`/cases/${created.id}/status`, { status: 'active' }), 200, caseDetailSchema);
  if (status === 'active' && demandSent) await insertSentDemand(api, admin.org_id, created.id);
  return created.id;
}

const addFee = (caseId: string, code: string, extra: Record<string, unknown> = {}) => post(`/cases/${caseId}/fees`, { code, ...extra });
const detail = async (caseId: string) => expectBody(await api.request('GET', `${base()}/cases/${caseId}`, { token: admin.token }), 200, caseDetailSchema);

async function profileId(code: string): Promise<string> {
  return (await api.sql<{ id: string }>('SELECT id FROM interest_profiles WHERE org_id = ? AND code = ?', admin.org_id, code))[0]!.id;
}

async function setRuleActive(code: string, active: boolean): Promise<void> {
  await api.sql('UPDATE rules SET is_active = ? WHERE org_id = ? AND code = ?', active, admin.org_id, code);
}

function flagsOf(caseId: string): Promise<{ rule_code: string; level: string; resolved_at: string | null }[]> {
  return api.sql('SELECT rule_code, level, resolved_at FROM case_flags WHERE case_id = ? ORDER BY rule_code', caseId);
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  personId = await insertParty(api, admin.org_id, 'Anna Andersson');
  companyId = await insertParty(api, admin.org_id, 'Gamma Handel AB', 'company');
});
afterAll(() => api.close());

describe('POST /cases/:id/fees', () => {
  it("adds the catalogue's amount to the fees and the outstanding total, with an event and a balanced journal ('Avgift tillagd!')", async () => {
    const caseId = await openCase();
    const added = await expectBody(await addFee(caseId, 'COLLECTION_180'), 201, caseFeeAddResponseSchema);
    expect(added.fee).toMatchObject({ code: 'COLLECTION_180', name: 'Inkassoavgift', amount: '180.00' });
    expect(added.case).toMatchObject({ total_fees: '180.00', total_outstanding: '10180.00' });
    expect(added.case.fee_options.find((fee) => fee.code === 'COLLECTION_180')).toMatchObject({ available: false, unavailable_reason: 'Avgift redan tillagd' });
    const [event] = await api.sql<{ payload_json: string }>("SELECT payload_json FROM case_events WHERE case_id = ? AND type = 'fee_added'", caseId);
    expect(JSON.parse(event!.payload_json)).toMatchObject({ code: 'COLLECTION_180', amount: '180.00' });
    const journal = await api.sql(
      "SELECT a.code, e.debit, e.credit FROM gl_entries e JOIN gl_accounts a ON a.id = e.account_id JOIN gl_journals j ON j.id = e.journal_id WHERE j.source = 'fee' AND e.case_id = ? ORDER BY a.code",
      caseId,
    );
    expect(journal).toEqual([
      { code: '1512', debit: 18000, credit: 0 },
      { code: '3010', debit: 0, credit: 18000 },
    ]);
  });

  it("refuses the same fee twice with 'Avgift redan tillagd' (NO_DOUBLE_FEES) and changes nothing", async () => {
    const caseId = await openCase();
    await expectBody(await addFee(caseId, 'COLLECTION_180'), 201, caseFeeAddResponseSchema);
    const before = await allRowCounts(api);
    const error = await expectError(await addFee(caseId, 'COLLECTION_180'), 409, 'NO_DOUBLE_FEES');
    expect(error.message).toBe('Avgift redan tillagd');
    expect(await allRowCounts(api)).toEqual(before);
    expect((await detail(caseId)).total_fees).toBe('180.00');
  });

  it('follows lag 1981:739: no förseningsersättning from a consumer, no reminder fee unless agreed', async () => {
    const consumer = await openCase();
    const late = await expectError(await addFee(consumer, 'LATE_FEE_450'), 422, 'FEE_NOT_ALLOWED');
    expect(late.message).toContain('4 a §');
    const reminder = await expectError(await addFee(consumer, 'REMINDER_60'), 422, 'FEE_NOT_ALLOWED');
    expect(reminder.message).toContain('2 §');
    const agreed = await openCase({ reminder_fee_agreed: true });
    expect((await expectBody(await addFee(agreed, 'REMINDER_60'), 201, caseFeeAddResponseSchema)).case.total_fees).toBe('60.00');
  });

  it('charges the plan fee only when a plan was drawn up with the debtor (lag 1981:739 3 § 2)', async () => {
    const caseId = await openCase();
    const before = await allRowCounts(api);
    const refused = await expectError(await addFee(caseId, 'PAYMENT_PLAN_170'), 422, 'FEE_NOT_ALLOWED');
    expect(refused.message).toBe('Avgift för amorteringsplan får bara tas ut när en amorteringsplan har upprättats med gäldenären (lag 1981:739 3 § 2)');
    expect(await allRowCounts(api)).toEqual(before);
    // A proposal the debtor has not agreed to is not yet a plan.
    await insertPaymentPlan(api, admin.org_id, caseId, personId, 'proposed');
    await expectError(await addFee(caseId, 'PAYMENT_PLAN_170'), 422, 'FEE_NOT_ALLOWED');
    await insertPaymentPlan(api, admin.org_id, caseId, personId, 'active');
    expect((await expectBody(await addFee(caseId, 'PAYMENT_PLAN_170'), 201, caseFeeAddResponseSchema)).case.total_fees).toBe('170.00');
  });

  it('charges the collection fee only once a compliant inkassokrav has gone out (lag 1981:739 3 § 1), and changes nothing before', async () => {
    const caseId = await openCase({}, 'active', { demandSent: false });
    const refusal = 'Inkassoavgift får bara tas ut när ett inkassokrav som uppfyller inkassolagen 5 § har skickats till gäldenären (lag 1981:739 3 § 1)';
    const before = await allRowCounts(api);
    expect((await expectError(await addFee(caseId, 'COLLECTION_180'), 422, 'FEE_NOT_ALLOWED')).message).toBe(refusal);
    expect(await allRowCounts(api)).toEqual(before);
    expect((await detail(caseId)).fee_options.find((fee) => fee.code === 'COLLECTION_180')).toMatchObject({ available: false, unavailable_reason: refusal });

    const templateId = async (code: string) =>
      (await api.sql<{ id: string }>('SELECT id FROM comm_templates WHERE org_id = ? AND code = ?', admin.org_id, code))[0]!.id;
    const message = async (code: string, status: string) => {
      const now = api.clock.now();
      await api.sql(
        'INSERT INTO communications (id, org_id, case_id, channel, template_id, recipient, body_rendered, status, dedupe_hash, attachments_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        crypto.randomUUID(),
        admin.org_id,
        caseId,
        'letter',
        await templateId(code),
        'Anna Andersson',
        'Brev',
        status,
        crypto.randomUUID(),
        '[]',
        now,
      );
    };
    // Still queued, a reminder, and a "demand" lacking what 5 § asks: none of them allows the fee.
    await message('DEMAND_LETTER', 'pending');
    await message('REMINDER_LETTER', 'delivered');
    await api.sql(
      "INSERT INTO comm_templates (id, org_id, code, name, category, channel, language, body_md, variables_json, is_active, version, created_at, updated_at) VALUES (?, ?, 'THIN_DEMAND', 'Tunt krav', 'demand', 'letter', 'sv', 'Betala {{amount}}', '[\"amount\"]', ?, 1, ?, ?)",
      crypto.randomUUID(),
      admin.org_id,
      true,
      api.clock.now(),
      api.clock.now(),
    );
    await message('THIN_DEMAND', 'sent');
    await expectError(await addFee(caseId, 'COLLECTION_180'), 422, 'FEE_NOT_ALLOWED');
    // The library's inkassokrav, delivered: now the fee may be charged.
    await message('DEMAND_LETTER', 'delivered');
    expect((await expectBody(await addFee(caseId, 'COLLECTION_180'), 201, caseFeeAddResponseSchema)).case.total_fees).toBe('180.00');
  });

  it('refuses an unknown fee code, a fee on a closed case, and an empty code', async () => {
    const caseId = await openCase();
    await expectError(await addFee(caseId, 'GOLD_PLATING'), 400, 'FEE_NOT_FOUND');
    await expectError(await post(`/cases/${caseId}/fees`, { code: ' ' }), 400, 'VALIDATION_FAILED');
    await expectBody(await post(`/cases/${caseId}/status`, { status: 'closed', reason: 'Betald direkt till borgenären' }), 200, caseDetailSchema);
    await expectError(await addFee(caseId, 'COLLECTION_180'), 422, 'INVALID_TRANSITION');
  });
});

describe("the add-fee dialog's choices (fee_options)", () => {
  it('lists every catalogue fee; those the law or the rules do not allow on this case come with the reason', async () => {
    const { fee_options } = await detail(await openCase());
    expect(fee_options.map(({ code, available, unavailable_reason }) => [code, available, unavailable_reason])).toEqual([
      ['COLLECTION_180', true, null],
      ['LATE_FEE_450', false, 'Förseningsersättning får inte tas ut av en privatperson – den gäller bara mellan näringsidkare (lag 1981:739 4 a §)'],
      ['PAYMENT_PLAN_170', false, 'Avgift för amorteringsplan får bara tas ut när en amorteringsplan har upprättats med gäldenären (lag 1981:739 3 § 2)'],
      ['REMINDER_60', false, 'Påminnelseavgift får bara tas ut om den avtalades senast när skulden uppkom (lag 1981:739 2 §)'],
    ]);
  });

  // A case in each situation, made afresh for every fee so one addition does not change the next.
  const situations: [string, () => Promise<string>][] = [
    ['a consumer case', () => openCase()],
    [
      'a business case with an agreed reminder fee and a plan',
      async () => {
        const caseId = await openCase({ party_id: companyId, reminder_fee_agreed: true });
        await insertPaymentPlan(api, admin.org_id, caseId, companyId, 'active');
        return caseId;
      },
    ],
    [
      'a business case with förseningsersättning',
      async () => {
        const caseId = await openCase({ party_id: companyId, reminder_fee_agreed: true });
        await expectBody(await addFee(caseId, 'LATE_FEE_450'), 201, caseFeeAddResponseSchema);
        return caseId;
      },
    ],
    [
      'a closed case',
      async () => {
        const caseId = await openCase();
        await expectBody(await post(`/cases/${caseId}/status`, { status: 'closed', reason: 'Betald direkt till borgenären' }), 200, caseDetailSchema);
        return caseId;
      },
    ],
  ];

  it.each(situations)('never disagrees with adding the fee (%s): an offered fee is added, another is refused with its reason', async (_name, open) => {
    const codes = (await detail(await open())).fee_options.map((fee) => fee.code);
    for (const code of codes) {
      const caseId = await open();
      const option = (await detail(caseId)).fee_options.find((fee) => fee.code === code)!;
      const response = await addFee(caseId, code);
      const body = (await response.json()) as { error?: { message: string } };
      expect(response.status === 201, `${code}: ${JSON.stringify(body)}`).toBe(option.available);
      if (!option.available) expect(option.unavailable_reason).toContain(body.error!.message);
    }
  });
});

describe('rule types on guarded actions', () => {
  it("fee_450_exclusive blocks 450 kr on top of the collection fee ('Åtgärd blockerad') and keeps the flag; without the rule the law still refuses", async () => {
    const caseId = await openCase({ party_id: companyId });
    await expectBody(await addFee(caseId, 'COLLECTION_180'), 201, caseFeeAddResponseSchema);
    const before = (await detail(caseId)).total_fees;
    const blocked = await expectError(await addFee(caseId, 'LATE_FEE_450'), 422, 'ACTION_BLOCKED');
    expect(blocked.message).toMatch(/Förseningsersättning/);
    expect(blocked.details).toMatchObject({ action: 'add_fee', violations: [{ rule_code: 'FEE_450_EXCLUSIVE', level: 'block' }] });
    expect(await flagsOf(caseId)).toEqual([{ rule_code: 'FEE_450_EXCLUSIVE', level: 'block', resolved_at: null }]);
    expect((await detail(caseId)).total_fees).toBe(before);

    await setRuleActive('FEE_450_EXCLUSIVE', false);
    try {
      await expectError(await addFee(caseId, 'LATE_FEE_450'), 422, 'FEE_NOT_ALLOWED');
    } finally {
      await setRuleActive('FEE_450_EXCLUSIVE', true);
    }
  });

  it('lets a business pay förseningsersättning alone', async () => {
    const caseId = await openCase({ party_id: companyId });
    expect((await expectBody(await addFee(caseId, 'LATE_FEE_450'), 201, caseFeeAddResponseSchema)).case.total_fees).toBe('450.00');
  });

  it('prescription_check blocks every action on a consumer claim due more than 3 years ago, and stops a manual move to KFM', async () => {
    const caseId = await openCase({ due_date: '2023-05-01' });
    const blocked = await expectError(await addFee(caseId, 'COLLECTION_180'), 422, 'ACTION_BLOCKED');
    expect(blocked.message).toContain('preskriberad');
    await expectBody(await post(`/cases/${caseId}/stage`, { stage: 'demand' }), 200, caseDetailSchema);
    await expectError(await post(`/cases/${caseId}/stage`, { stage: 'kfm' }), 422, 'ACTION_BLOCKED');
    expect(await flagsOf(caseId)).toEqual([{ rule_code: 'PRESCRIPTION', level: 'block', resolved_at: null }]);
    expect((await detail(caseId)).stage).toBe('demand');
    // Closing a prescribed claim is always possible: status changes are not rule-checked.
    await expectBody(await post(`/cases/${caseId}/status`, { status: 'closed', reason: 'Preskriberad' }), 200, caseDetailSchema);
  });

  it('prescription_check only warns when fewer than 120 days remain, and the action goes through', async () => {
    // Arose 2024-01-31 (preskriptionslag 2 §): the last day is 2027-01-31, prescribed from 2027-02-01.
    const caseId = await openCase({ due_date: '2024-01-31', arose_on: '2024-01-31' });
    const added = await expectBody(await addFee(caseId, 'COLLECTION_180'), 201, caseFeeAddResponseSchema);
    expect(added.violations).toEqual([{ rule_code: 'PRESCRIPTION', level: 'warning', message: expect.stringContaining('preskriberas 2027-02-01') }]);
    expect(added.case.flags).toMatchObject([{ rule_code: 'PRESCRIPTION', level: 'warning' }]);
    // The flag is raised once while it is unresolved.
    await expectBody(await post(`/cases/${caseId}/interest`, {}), 200, caseInterestResponseSchema);
    expect(await flagsOf(caseId)).toHaveLength(1);
  });

  it('a company claim has 10 years before prescription (years_b2b)', async () => {
    const caseId = await openCase({ party_id: companyId, due_date: '2019-01-01' });
    expect((await expectBody(await addFee(caseId, 'COLLECTION_180'), 201, caseFeeAddResponseSchema)).violations).toEqual([]);
  });

  it('dispute_check blocks fees on a paused case with an unresolved DISPUTED_CASE flag, until the flag is resolved', async () => {
    const caseId = await openCase();
    await expectBody(await post(`/cases/${caseId}/status`, { status: 'on_hold' }), 200, caseDetailSchema);
    const flagId = crypto.randomUUID();
    await api.sql(
      "INSERT INTO case_flags (id, org_id, case_id, rule_code, level, message, created_at) VALUES (?, ?, ?, 'DISPUTED_CASE', 'block', 'Gäldenären har invänt', ?)",
      flagId,
      admin.org_id,
      caseId,
      api.clock.now(),
    );
    const blocked = await expectError(await addFee(caseId, 'COLLECTION_180'), 422, 'ACTION_BLOCKED');
    expect(blocked.message).toBe('Ärendet är pausat på grund av en invändning som inte är utredd');

    const resolved = await expectBody(
      await post(`/cases/${caseId}/flags/${flagId}/resolve`, { reason: 'Invändningen utredd' }),
      200,
      caseFlagResolveResponseSchema,
    );
    expect(resolved.flag.resolved_at).toBe(api.clock.now());
    expect(resolved.case.flags).toEqual([]);
    await expectBody(await addFee(caseId, 'COLLECTION_180'), 201, caseFeeAddResponseSchema);
  });

  it('interest_cap warns (and flags) when the profile rate is above max_rate_pa', async () => {
    const id = crypto.randomUUID();
    await api.sql(
      "INSERT INTO interest_profiles (id, org_id, code, name, base, margin_bp, fixed_rate_pa, is_active, created_at, updated_at) VALUES (?, ?, 'FIXED_25', 'Fast 25 %', 'fixed', 0, '25.00', ?, ?, ?)",
      id,
      admin.org_id,
      true,
      api.clock.now(),
      api.clock.now(),
    );
    const caseId = await openCase({ interest_profile_id: id });
    const result = await expectBody(await post(`/cases/${caseId}/interest`, { as_of: '2026-07-30' }), 200, caseInterestResponseSchema);
    expect(result.violations).toEqual([{ rule_code: 'INTEREST_CAP', level: 'warning', message: 'Räntesatsen 25 % per år överstiger räntetaket 20 % per år' }]);
    // 10 000 kr × 25 % × 30/365 = 205,479… → 205,48 kr
    expect(result.amount).toBe('205.48');
    expect(await flagsOf(caseId)).toEqual([{ rule_code: 'INTEREST_CAP', level: 'warning', resolved_at: null }]);
  });

  it('duplicate_fee has no effect of its own, and a rule of an unknown type never breaks an action', async () => {
    await api.sql(
      "INSERT INTO rules (id, org_id, code, description, severity, is_active, condition_json, action_json, created_at, updated_at) VALUES (?, ?, 'MYSTERY', 'Okänd', 'block', ?, '{\"rule_type\":\"mystery\"}', '{}', ?, ?)",
      crypto.randomUUID(),
      admin.org_id,
      true,
      api.clock.now(),
      api.clock.now(),
    );
    const caseId = await openCase();
    expect((await expectBody(await addFee(caseId, 'COLLECTION_180'), 201, caseFeeAddResponseSchema)).violations).toEqual([]);
  });
});

describe('POST /cases/:id/interest', () => {
  it("calculates fixed 8 % per day on the capital ('Ränta beräknad!' with amount and days)", async () => {
    const caseId = await openCase({ due_date: '2024-01-01', interest_profile_id: await profileId('FIXED_8') });
    const result = await expectBody(await post(`/cases/${caseId}/interest`, { as_of: '2024-01-31' }), 200, caseInterestResponseSchema);
    // 10 000 kr × 8 % × 30/365 = 65,753… → 65,75 kr
    expect(result).toMatchObject({ amount: '65.75', change: '65.75', days: 30, rate: '8.00', from: '2024-01-02', to: '2024-01-31' });
    expect(result.case).toMatchObject({ total_interest: '65.75', total_outstanding: '10065.75', interest_calculated_to: '2024-01-31' });
    const [event] = await api.sql<{ payload_json: string }>("SELECT payload_json FROM case_events WHERE case_id = ? AND type = 'interest_calculated'", caseId);
    expect(JSON.parse(event!.payload_json)).toMatchObject({ days: 30, rate: '8.00', amount: '65.75' });
  });

  it('splits dröjsmålsränta at a reference-rate change (2023-07-01: 2,50 → 3,50 %)', async () => {
    const caseId = await openCase({ due_date: '2023-06-20', party_id: companyId });
    const result = await expectBody(await post(`/cases/${caseId}/interest`, { as_of: '2023-07-10' }), 200, caseInterestResponseSchema);
    expect(result.periods).toEqual([
      { from: '2023-06-21', to: '2023-06-30', days: 10, rate_pa: '10.50', reference_rate_bp: 250, principal: '10000.00', amount: '28.77' },
      { from: '2023-07-01', to: '2023-07-10', days: 10, rate_pa: '11.50', reference_rate_bp: 350, principal: '10000.00', amount: '31.51' },
    ]);
    expect(result.amount).toBe('60.28');
  });

  it('is idempotent: the same date again changes nothing and books nothing', async () => {
    const caseId = await openCase();
    const first = await expectBody(await post(`/cases/${caseId}/interest`, {}), 200, caseInterestResponseSchema);
    const journals = async () =>
      (await api.sql<{ n: number }>("SELECT count(*) AS n FROM gl_journals WHERE source = 'interest' AND source_ref LIKE ?", `${caseId}%`))[0]!.n;
    expect(await journals()).toBe(1);
    const again = await expectBody(await post(`/cases/${caseId}/interest`), 200, caseInterestResponseSchema);
    expect(again).toMatchObject({ amount: first.amount, change: '0.00' });
    expect(await journals()).toBe(1);
    // An earlier date lowers the interest, booked as a correction.
    const earlier = await expectBody(await post(`/cases/${caseId}/interest`, { as_of: '2026-08-01' }), 200, caseInterestResponseSchema);
    expect(decimalToOre(earlier.change)).toBeLessThan(0);
    expect(decimalToOre(earlier.case.total_outstanding)).toBe(1_000_000 + decimalToOre(earlier.amount));
  });

  it('refuses a claim not yet due with the spec text, a future date and a half-year without a reference rate', async () => {
    const caseId = await openCase({ due_date: '2026-11-22' });
    const notDue = await expectError(await post(`/cases/${caseId}/interest`, {}), 422, 'NOT_YET_DUE');
    expect(notDue.message).toBe('Ingen ränta – Fordran är inte förfallen ännu');
    await expectError(await post(`/cases/${caseId}/interest`, { as_of: '2026-12-01' }), 400, 'VALIDATION_FAILED');
    await expectError(await post(`/cases/${caseId}/interest`, { as_of: '22/11/2026' }), 400, 'VALIDATION_FAILED');

    const old = await openCase({ due_date: '2015-01-01', party_id: companyId });
    const before = await allRowCounts(api);
    await expectError(await post(`/cases/${old}/interest`, { as_of: '2016-01-01' }), 422, 'REFERENCE_RATE_MISSING');
    expect(await allRowCounts(api)).toEqual(before);
  });
});

describe('flags', () => {
  it("resolves a flag once ('Flagga löst'); again is a conflict; an unknown flag is 404", async () => {
    const caseId = await openCase({ due_date: '2024-01-31' });
    const { case: withFlag } = await expectBody(await addFee(caseId, 'COLLECTION_180'), 201, caseFeeAddResponseSchema);
    const flagId = withFlag.flags[0]!.id;
    const resolved = await expectBody(await post(`/cases/${caseId}/flags/${flagId}/resolve`), 200, caseFlagResolveResponseSchema);
    expect(resolved.flag).toMatchObject({ id: flagId, rule_code: 'PRESCRIPTION' });
    await expectError(await post(`/cases/${caseId}/flags/${flagId}/resolve`), 409, 'CONFLICT');
    await expectError(await post(`/cases/${caseId}/flags/${crypto.randomUUID()}/resolve`), 404, 'NOT_FOUND');
    const [event] = await api.sql<{ actor_id: string }>("SELECT actor_id FROM case_events WHERE case_id = ? AND type = 'flag_resolved'", caseId);
    expect(event!.actor_id).toBe(admin.user_id);
  });
});

describe('the ledger after all of the above', () => {
  it('balances: every journal and the whole organisation', async () => {
    const unbalanced = await api.sql('SELECT journal_id FROM gl_entries WHERE org_id = ? GROUP BY journal_id HAVING sum(debit) <> sum(credit)', admin.org_id);
    expect(unbalanced).toEqual([]);
    const [totals] = await api.sql<{ debit: number; credit: number }>(
      'SELECT sum(debit) AS debit, sum(credit) AS credit FROM gl_entries WHERE org_id = ?',
      admin.org_id,
    );
    expect(totals!.debit).toBe(totals!.credit);
    expect(totals!.debit).toBeGreaterThan(0);
  });

  it('keeps total_outstanding = principal + interest + fees − paid on every case', async () => {
    const broken = await api.sql(
      'SELECT id FROM cases WHERE org_id = ? AND total_outstanding <> total_principal + total_interest + total_fees - amount_paid_total',
      admin.org_id,
    );
    expect(broken).toEqual([]);
  });
});
