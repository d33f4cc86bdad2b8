import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogResponseSchema, ruleListResponseSchema, ruleResponseSchema, ruleValidationResponseSchema, type RuleResponse } from '@fordran/services';
import { allRowCounts, createMember, createTestApi, createUser, expectBody, expectError, type TestApi, type TestUser } from './helpers';

let api: TestApi;
let admin: TestUser;
let handler: TestUser;
let client: TestUser;

beforeAll(async () => {
  api = await createTestApi();
  admin = await createUser(api, { name: 'Regel Admin' });
  handler = await createMember(api, admin, 'handler');
  const creditorId = crypto.randomUUID();
  await api.sql(
    'INSERT INTO creditors (id, org_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    creditorId,
    admin.org_id,
    'Kund AB',
    api.clock.now(),
    api.clock.now(),
  );
  client = await createMember(api, admin, 'client', creditorId);
});
afterAll(() => api.close());

const rulesPath = () => `/api/orgs/${admin.org_id}/rules`;

async function listRules(token = admin.token) {
  return expectBody(await api.request('GET', rulesPath(), { token }), 200, ruleListResponseSchema);
}

async function ruleByCode(code: string): Promise<RuleResponse> {
  const rule = (await listRules()).items.find((item) => item.code === code);
  if (!rule) throw new Error(`no rule ${code}`);
  return rule;
}

async function ruleRow(id: string): Promise<unknown> {
  return (await api.sql('SELECT * FROM rules WHERE id = ?', id))[0];
}

describe('GET /rules', () => {
  it("lists the new organisation's rule of every type, block before warning before info, then by code", async () => {
    const list = await listRules();
    expect(list.items.map((rule) => [rule.severity, rule.code])).toEqual([
      ['block', 'DISPUTED_CASE'],
      ['block', 'FEE_450_EXCLUSIVE'],
      ['block', 'PRESCRIPTION'],
      ['warning', 'INTEREST_CAP'],
      ['info', 'DUPLICATE_FEE'],
    ]);
    expect(list.items.every((rule) => rule.findings.length === 0 && rule.is_active)).toBe(true);
    expect(list.items.find((rule) => rule.code === 'PRESCRIPTION')).toMatchObject({
      rule_type: 'prescription_check',
      condition_json: { rule_type: 'prescription_check', years_b2c: 3, years_b2b: 10 },
    });
  });

  it('offers the editor every rule type with its parameters and the known actions in Swedish', async () => {
    const list = await listRules();
    expect(list.rule_types.map((type) => type.rule_type)).toEqual([
      'fee_450_exclusive',
      'prescription_check',
      'dispute_check',
      'interest_cap',
      'duplicate_fee',
    ]);
    expect(list.rule_types.find((type) => type.rule_type === 'interest_cap')?.parameters.map((p) => [p.name, p.required])).toEqual([
      ['max_rate_pa', true],
      ['measure', false],
    ]);
    expect(list.actions).toContainEqual({ action: 'kfm_escalate', label: 'Eskalera till Kronofogden' });
  });

  it('lets every staff role read the rules, but not a client', async () => {
    expect((await listRules(handler.token)).items).toHaveLength(5);
    await expectError(await api.request('GET', rulesPath(), { token: client.token }), 403, 'FORBIDDEN');
  });
});

describe('PATCH /rules/:id', () => {
  it('toggles a rule off and on, with an audit row each', async () => {
    const rule = await ruleByCode('INTEREST_CAP');
    api.clock.advanceSeconds(1);
    const off = await expectBody(
      await api.request('PATCH', `${rulesPath()}/${rule.id}`, { token: admin.token, body: { is_active: false, reason: 'Prövas utan regeln' } }),
      200,
      ruleResponseSchema,
    );
    expect(off).toMatchObject({ id: rule.id, is_active: false, condition_json: rule.condition_json });
    api.clock.advanceSeconds(1);
    await expectBody(await api.request('PATCH', `${rulesPath()}/${rule.id}`, { token: admin.token, body: { is_active: true } }), 200, ruleResponseSchema);
    const audit = await expectBody(
      await api.request('GET', `/api/orgs/${admin.org_id}/audit-log?limit=2`, { token: admin.token }),
      200,
      auditLogResponseSchema,
    );
    expect(audit.entries.map((entry) => entry.event)).toEqual(['rule.activated', 'rule.deactivated']);
  });

  it('edits description, severity, condition (as JSON text) and action', async () => {
    const rule = await ruleByCode('PRESCRIPTION');
    const saved = await expectBody(
      await api.request('PATCH', `${rulesPath()}/${rule.id}`, {
        token: admin.token,
        body: {
          description: '  Preskription med tidigare varning ',
          severity: 'warning',
          condition_json: '{"rule_type": "prescription_check", "years_b2c": 3, "years_b2b": 10, "warning_days": 180}',
          action_json: { block_actions: ['send_communication'] },
        },
      }),
      200,
      ruleResponseSchema,
    );
    expect(saved).toMatchObject({
      description: 'Preskription med tidigare varning',
      severity: 'warning',
      condition_json: { rule_type: 'prescription_check', years_b2c: 3, years_b2b: 10, warning_days: 180 },
      action_json: { block_actions: ['send_communication'] },
      findings: [],
    });
    expect((await listRules()).items.find((item) => item.id === rule.id)?.severity).toBe('warning');
  });

  it.each<[string, unknown, string, string]>([
    ['invalid JSON text', { condition_json: '{"rule_type": "dispute_check",' }, 'condition_json', 'Villkoret är inte giltig JSON'],
    [
      'an unknown rule type',
      { condition_json: { rule_type: 'credit_score' } },
      'condition_json.rule_type',
      'Okänd regeltyp: credit_score. Tillåtna typer: fee_450_exclusive, prescription_check, dispute_check, interest_cap, duplicate_fee',
    ],
    [
      'a missing parameter',
      { condition_json: { rule_type: 'prescription_check', years_b2c: 3 } },
      'condition_json.years_b2b',
      'Antal år måste vara ett heltal mellan 1 och 100',
    ],
    ['an unknown parameter', { condition_json: { rule_type: 'dispute_check', days: 3 } }, 'condition_json', 'Okänd parameter: days'],
    ['invalid action JSON text', { action_json: '[add_fee' }, 'action_json', 'Åtgärden är inte giltig JSON'],
    [
      'block_actions that is not a list',
      { action_json: { block_actions: 'add_fee' } },
      'action_json.block_actions',
      'block_actions måste vara en lista med åtgärdsnamn, t.ex. ["add_fee"]',
    ],
  ])('refuses %s with 400 INVALID_RULE, the finding and its path, and leaves the rule unchanged', async (_name, body, path, message) => {
    const rule = await ruleByCode('DISPUTED_CASE');
    const before = await ruleRow(rule.id);
    const counts = await allRowCounts(api);
    const error = await expectError(
      await api.request('PATCH', `${rulesPath()}/${rule.id}`, {
        token: admin.token,
        body: { description: 'Ska inte sparas', severity: 'info', ...(body as object) },
      }),
      400,
      'INVALID_RULE',
    );
    expect(error.message).toBe(message);
    expect((error.details as { findings: { path: string; message: string }[] }).findings).toContainEqual({ code: 'INVALID_RULE', path, message });
    expect(await ruleRow(rule.id)).toEqual(before);
    expect(await allRowCounts(api)).toEqual(counts);
  });

  it.each([
    [{ severity: 'fatal' }, 'Allvarlighetsgrad måste vara block, warning eller info'],
    [{ is_active: 'ja' }, 'Ange ja eller nej'],
    [{ description: 'x'.repeat(501) }, 'Beskrivningen får vara högst 500 tecken'],
  ])('refuses %j with 400 VALIDATION_FAILED', async (body, message) => {
    const rule = await ruleByCode('DUPLICATE_FEE');
    const before = await ruleRow(rule.id);
    const error = await expectError(await api.request('PATCH', `${rulesPath()}/${rule.id}`, { token: admin.token, body }), 400, 'VALIDATION_FAILED');
    expect(error.message).toBe(message);
    expect(await ruleRow(rule.id)).toEqual(before);
  });

  it('keeps the code: a code in the body is ignored', async () => {
    const rule = await ruleByCode('DUPLICATE_FEE');
    const saved = await expectBody(
      await api.request('PATCH', `${rulesPath()}/${rule.id}`, { token: admin.token, body: { code: 'OTHER', description: 'Ny text' } }),
      200,
      ruleResponseSchema,
    );
    expect(saved.code).toBe('DUPLICATE_FEE');
  });

  it('is 404 for an unknown id and 403 for a handler', async () => {
    await expectError(
      await api.request('PATCH', `${rulesPath()}/${crypto.randomUUID()}`, { token: admin.token, body: { is_active: false, reason: 'Prövas utan regeln' } }),
      404,
      'NOT_FOUND',
    );
    const rule = await ruleByCode('DUPLICATE_FEE');
    const before = await ruleRow(rule.id);
    await expectError(
      await api.request('PATCH', `${rulesPath()}/${rule.id}`, { token: handler.token, body: { is_active: false, reason: 'Obehörig' } }),
      403,
      'FORBIDDEN',
    );
    expect(await ruleRow(rule.id)).toEqual(before);
  });
});

describe('POST /rules', () => {
  it('creates a rule with an upper-cased code, ordered among the others', async () => {
    const created = await expectBody(
      await api.request('POST', rulesPath(), {
        token: admin.token,
        body: {
          code: 'interest_cap_10',
          description: 'Ränta över 10 % av kapitalet',
          severity: 'block',
          condition_json: '{"rule_type":"interest_cap","max_rate_pa":10,"measure":"percent_of_principal"}',
          action_json: '{"block_actions":["kfm_escalate"]}',
        },
      }),
      201,
      ruleResponseSchema,
    );
    expect(created).toMatchObject({
      code: 'INTEREST_CAP_10',
      is_active: true,
      rule_type: 'interest_cap',
      condition_json: { rule_type: 'interest_cap', max_rate_pa: 10, measure: 'percent_of_principal' },
      action_json: { block_actions: ['kfm_escalate'] },
    });
    expect((await listRules()).items.filter((rule) => rule.severity === 'block').map((rule) => rule.code)).toContain('INTEREST_CAP_10');
  });

  it('defaults action_json to an empty object', async () => {
    const created = await expectBody(
      await api.request('POST', rulesPath(), {
        token: admin.token,
        body: { code: 'DISPUTE_2', severity: 'info', condition_json: { rule_type: 'dispute_check' } },
      }),
      201,
      ruleResponseSchema,
    );
    expect(created.action_json).toEqual({});
  });

  it.each<[string, unknown, number, string, string]>([
    [
      'a taken code',
      { code: 'prescription', severity: 'block', condition_json: { rule_type: 'duplicate_fee' } },
      409,
      'CONFLICT',
      'Det finns redan en regel med koden PRESCRIPTION',
    ],
    [
      'a code with spaces',
      { code: 'MY RULE', severity: 'block', condition_json: { rule_type: 'duplicate_fee' } },
      400,
      'VALIDATION_FAILED',
      'Koden får bara innehålla bokstäverna A–Z, siffror och understreck och börja med en bokstav',
    ],
    ['no code', { severity: 'block', condition_json: { rule_type: 'duplicate_fee' } }, 400, 'VALIDATION_FAILED', 'Kod krävs'],
    [
      'no condition',
      { code: 'NEW_RULE', severity: 'block' },
      400,
      'INVALID_RULE',
      'Villkoret måste vara ett JSON-objekt med rule_type, t.ex. {"rule_type": "dispute_check"}',
    ],
    [
      'an unknown rule type',
      { code: 'NEW_RULE', severity: 'block', condition_json: '{"rule_type":"magic"}' },
      400,
      'INVALID_RULE',
      'Okänd regeltyp: magic. Tillåtna typer: fee_450_exclusive, prescription_check, dispute_check, interest_cap, duplicate_fee',
    ],
    [
      'invalid JSON',
      { code: 'NEW_RULE', severity: 'block', condition_json: '{rule_type: dispute_check}' },
      400,
      'INVALID_RULE',
      'Villkoret är inte giltig JSON',
    ],
  ])('refuses %s and creates nothing', async (_name, body, status, code, message) => {
    const counts = await allRowCounts(api);
    const error = await expectError(await api.request('POST', rulesPath(), { token: admin.token, body }), status, code);
    expect(error.message).toBe(message);
    expect(await allRowCounts(api)).toEqual(counts);
  });

  it('is for admins only', async () => {
    const counts = await allRowCounts(api);
    await expectError(
      await api.request('POST', rulesPath(), {
        token: handler.token,
        body: { code: 'X_RULE', severity: 'info', condition_json: { rule_type: 'duplicate_fee' } },
      }),
      403,
      'FORBIDDEN',
    );
    expect(await allRowCounts(api)).toEqual(counts);
  });
});

describe('POST /rules/validate', () => {
  it('returns the findings of a condition and action without storing anything', async () => {
    const counts = await allRowCounts(api);
    const bad = await expectBody(
      await api.request('POST', `${rulesPath()}/validate`, {
        token: handler.token,
        body: { condition_json: '{"rule_type":"prescription_check"}', action_json: '{"block_actions":[1]}' },
      }),
      200,
      ruleValidationResponseSchema,
    );
    expect(bad.valid).toBe(false);
    expect(bad.findings.map((finding) => finding.path)).toEqual(['condition_json.years_b2c', 'condition_json.years_b2b', 'action_json.block_actions.0']);
    const good = await expectBody(
      await api.request('POST', `${rulesPath()}/validate`, { token: admin.token, body: { condition_json: { rule_type: 'dispute_check' } } }),
      200,
      ruleValidationResponseSchema,
    );
    expect(good).toEqual({ valid: true, findings: [] });
    expect(await allRowCounts(api)).toEqual(counts);
  });
});
