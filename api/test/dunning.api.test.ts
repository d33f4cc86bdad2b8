import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dunningPlanSchema, dunningPlansResponseSchema, dunningRunListResponseSchema, dunningRunResultSchema } from '@fordran/services';
import { allRowCounts, auditRows, createMember, createTestApi, createUser, expectBody, expectError, type TestUser } from './helpers';
import { insertBankAccount, insertCase, insertCreditor, insertParty } from './fixtures';

/*
 * /api/orgs/:orgId/dunning: the plans (the organisation's, a creditor's own) and the runs — the
 * exact JSON of a run, refusals that change nothing, and the roles of docs/roles.md.
 */

const api = await createTestApi();
let admin: TestUser;
let handler: TestUser;
let finance: TestUser;
let creditorId: string;
let caseId: string;

const EMAIL_REMINDER = { name: 'Påminnelse', days_past_due: 10, template_code: 'REMINDER_EMAIL', channel: 'email', fee_code: null, stage: 'reminder' };
const DEMAND = { name: 'Inkassokrav', days_past_due: 25, template_code: 'DEMAND_LETTER', channel: 'letter', fee_code: 'COLLECTION_180', stage: 'demand' };

beforeAll(async () => {
  admin = await createUser(api, { name: 'Admin' });
  handler = await createMember(api, admin, 'handler');
  finance = await createMember(api, admin, 'finance');
  creditorId = await insertCreditor(api, admin.org_id);
  const partyId = await insertParty(api, admin.org_id);
  await api.sql(`UPDATE parties SET address_json = '{"street":"Storgatan 1","zip":"111 22","city":"Stockholm"}' WHERE id = ?`, partyId);
  await insertBankAccount(api, admin.org_id);
  // 52 days past due on 2026-11-22: the inkassokrav is due (the påminnelse is overtaken).
  caseId = await insertCase(api, admin.org_id, {
    creditorId,
    partyId,
    status: 'active',
    outstandingOre: 795000,
    dueDate: '2026-10-01',
    createdAt: api.clock.now(),
  });
  await api.sql("UPDATE cases SET ocr_reference = '1234567897' WHERE id = ?", caseId);
});
afterAll(() => api.close());

const url = (path: string) => `/api/orgs/${admin.org_id}/dunning${path}`;

describe('plans', () => {
  it('GET: the default plan, the templates and fees the editor offers; for all staff', async () => {
    const plans = await expectBody(await api.request('GET', url('/plans'), { token: finance.token }), 200, dunningPlansResponseSchema);
    expect(plans.organisation.steps).toMatchObject([
      {
        name: 'Påminnelse',
        template_code: 'REMINDER_LETTER',
        template_name: 'Påminnelse (brev)',
        channel_label: 'Brev',
        fee_code: 'REMINDER_60',
        fee_amount: '60.00',
        stage_label: 'Påminnelse',
      },
      { name: 'Inkassokrav', template_code: 'DEMAND_LETTER', fee_code: 'COLLECTION_180', fee_amount: '180.00', stage_label: 'Inkassokrav' },
    ]);
    expect(plans.templates.map((t) => t.code)).toContain('REMINDER_EMAIL');
    expect(plans.fees.map((f) => f.code)).toEqual(expect.arrayContaining(['REMINDER_60', 'COLLECTION_180']));
  });

  it('PUT refuses a plan out of order, an unknown template and a misplaced fee, and changes nothing', async () => {
    const before = await allRowCounts(api);
    const outOfOrder = await expectError(
      await api.request('PUT', url('/plans/organisation'), { token: admin.token, body: { steps: [EMAIL_REMINDER, { ...DEMAND, days_past_due: 5 }] } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(outOfOrder.message).toBe('Varje steg måste ligga fler dagar efter förfallodagen än steget före');
    const unknown = await expectError(
      await api.request('PUT', url('/plans/organisation'), { token: admin.token, body: { steps: [{ ...EMAIL_REMINDER, template_code: 'finns_inte' }] } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(unknown.message).toBe('Mallen FINNS_INTE finns inte');
    const fee = await expectError(
      await api.request('PUT', url('/plans/organisation'), { token: admin.token, body: { steps: [{ ...EMAIL_REMINDER, fee_code: 'COLLECTION_180' }] } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(fee.message).toBe('Inkassoavgift får bara tas ut med ett inkassokrav (en mall i kategorin Inkassokrav)');
    await expectError(
      await api.request('PUT', url('/plans/organisation'), { token: admin.token, body: { steps: [{ ...EMAIL_REMINDER, days_past_due: -1 }] } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('a creditor’s own plan: saved, listed, removed; a step saved with its id keeps it; audited; admin only', async () => {
    await expectError(
      await api.request('PUT', url(`/plans/creditors/${creditorId}`), { token: handler.token, body: { steps: [EMAIL_REMINDER] } }),
      403,
      'FORBIDDEN',
    );
    const saved = await expectBody(
      await api.request('PUT', url(`/plans/creditors/${creditorId}`), { token: admin.token, body: { steps: [EMAIL_REMINDER, DEMAND] } }),
      200,
      dunningPlanSchema,
    );
    expect(saved).toMatchObject({ creditor_id: creditorId, creditor_name: 'Borgenär AB' });
    const [reminder, demand] = saved.steps;
    const edited = await expectBody(
      await api.request('PUT', url(`/plans/creditors/${creditorId}`), {
        token: admin.token,
        body: { steps: [{ ...EMAIL_REMINDER, id: reminder!.id, days_past_due: 12 }] },
      }),
      200,
      dunningPlanSchema,
    );
    expect(edited.steps).toMatchObject([{ id: reminder!.id, days_past_due: 12 }]);
    expect(edited.steps.map((step) => step.id)).not.toContain(demand!.id);
    const plans = await expectBody(await api.request('GET', url('/plans'), { token: admin.token }), 200, dunningPlansResponseSchema);
    expect(plans.creditors.map((plan) => plan.creditor_id)).toEqual([creditorId]);
    expect(await auditRows(api, admin.org_id, 'dunning.plan_saved')).toHaveLength(2);

    await expectError(await api.request('DELETE', url(`/plans/creditors/${creditorId}`), { token: handler.token }), 403, 'FORBIDDEN');
    expect((await api.request('DELETE', url(`/plans/creditors/${creditorId}`), { token: admin.token })).status).toBe(204);
    await expectError(await api.request('DELETE', url(`/plans/creditors/${creditorId}`), { token: admin.token }), 404, 'NOT_FOUND');
    await expectError(
      await api.request('PUT', url(`/plans/creditors/${crypto.randomUUID()}`), { token: admin.token, body: { steps: [EMAIL_REMINDER] } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('runs', () => {
  it('a dry run answers the exact JSON, for all staff, and writes nothing; a real run needs dunning.run', async () => {
    const before = await allRowCounts(api);
    const result = await expectBody(await api.request('POST', url('/runs'), { token: finance.token, body: { dry_run: true } }), 200, dunningRunResultSchema);
    expect(Object.keys(result)).toEqual(['as_of', 'dry_run', 'cases_seen', 'messages', 'fees', 'skipped']);
    expect(result).toEqual({
      as_of: '2026-11-22',
      dry_run: true,
      cases_seen: 1,
      messages: [
        {
          case_id: caseId,
          step: 'Inkassokrav',
          template: 'DEMAND_LETTER',
          channel: 'letter',
          recipient: 'Storgatan 1, 111 22 Stockholm',
          communication_id: null,
        },
      ],
      fees: [{ case_id: caseId, code: 'COLLECTION_180', amount: '180.00', status: 'waiting' }],
      skipped: [],
    });
    await expectError(await api.request('POST', url('/runs'), { token: finance.token, body: {} }), 403, 'FORBIDDEN');
    await expectError(await api.request('POST', url('/runs'), { token: handler.token, body: { as_of: '2026-13-01' } }), 400, 'VALIDATION_FAILED');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('a real run by a handler sends the step once; the runs list keeps it with its counts and who started it', async () => {
    const first = await expectBody(await api.request('POST', url('/runs'), { token: handler.token, body: {} }), 200, dunningRunResultSchema);
    expect(first.messages).toMatchObject([{ case_id: caseId, communication_id: expect.any(String) }]);
    const second = await expectBody(await api.request('POST', url('/runs'), { token: handler.token, body: {} }), 200, dunningRunResultSchema);
    expect(second.messages).toEqual([]);
    const runs = await expectBody(await api.request('GET', url('/runs'), { token: finance.token }), 200, dunningRunListResponseSchema);
    expect(runs.items).toHaveLength(2);
    expect(runs.items[1]).toMatchObject({
      as_of: '2026-11-22',
      scheduled: false,
      started_by: expect.any(String),
      finished_at: expect.any(String),
      failure: null,
      summary: { cases_seen: 1, messages: 1, fees: 0, waiting_fees: 1, skipped: 0 },
    });
    expect(await auditRows(api, admin.org_id, 'dunning.run')).toHaveLength(2);
  });

  it('a client sees neither plans nor runs', async () => {
    const client = await createMember(api, admin, 'client', creditorId);
    await expectError(await api.request('GET', url('/plans'), { token: client.token }), 403, 'FORBIDDEN');
    await expectError(await api.request('GET', url('/runs'), { token: client.token }), 403, 'FORBIDDEN');
    await expectError(await api.request('POST', url('/runs'), { token: client.token, body: { dry_run: true } }), 403, 'FORBIDDEN');
  });
});
