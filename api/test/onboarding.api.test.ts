import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_CHECKLIST_CODES } from '@fordran/core';
import { onboardingResponseSchema, onboardingStepResponseSchema } from '@fordran/services';
import { allRowCounts, auditRows, createTestApi, createUser, expectBody, expectError, json, type TestUser } from './helpers';

const api = await createTestApi();
let admin: TestUser;

beforeAll(async () => {
  admin = await createUser(api);
});
afterAll(() => api.close());

const url = (path = '') => `/api/orgs/${admin.org_id}/onboarding${path}`;

describe('onboarding checklist', () => {
  it('a new organisation has the ten steps in order, none done, 0 %, visible', async () => {
    const body = await expectBody(await api.request('GET', url(), { token: admin.token }), 200, onboardingResponseSchema);
    expect(body.steps.map((s) => s.step_code)).toEqual([...ONBOARDING_CHECKLIST_CODES]);
    expect(body.steps.every((s) => !s.completed && s.completed_at === null && s.completed_by === null)).toBe(true);
    expect(body).toMatchObject({ progress_percent: 0, dismissed: false, visible: true });
    expect(body.steps.find((s) => s.step_code === 'create_first_case')?.link).toBe('/cases/create');
    expect(body.steps.find((s) => s.step_code === 'setup_communication')?.link).toBe('/settings/communication');
    expect(body.steps.find((s) => s.step_code === 'setup_fees')?.link).toBe('/finance');
    expect(await api.sql('SELECT count(*) AS n FROM onboarding_steps WHERE org_id = ?', admin.org_id)).toEqual([{ n: 10 }]);
  });

  it('toggles a step done and back, with who and when, and the progress follows (whole percent)', async () => {
    const done = await expectBody(
      await api.request('PUT', url('/add_creditor'), { token: admin.token, body: { completed: true } }),
      200,
      onboardingStepResponseSchema,
    );
    expect(done).toMatchObject({
      step_code: 'add_creditor',
      completed: true,
      completed_at: api.ctx.clock.now(),
      completed_by: admin.user_id,
      title: 'Lägg till en borgenär',
    });
    expect((await json<{ progress_percent: number }>(await api.request('GET', url(), { token: admin.token }))).progress_percent).toBe(10);

    const undone = await expectBody(
      await api.request('PUT', url('/add_creditor'), { token: admin.token, body: { completed: false } }),
      200,
      onboardingStepResponseSchema,
    );
    expect(undone).toMatchObject({ completed: false, completed_at: null, completed_by: null });
    expect((await json<{ progress_percent: number }>(await api.request('GET', url(), { token: admin.token }))).progress_percent).toBe(0);

    // In the order written: the clock stands still, and UUIDv7 ids sort in the order they were made.
    const events = await api.sql("SELECT actor_id, event, entity_id FROM audit_logs WHERE org_id = ? AND event LIKE 'onboarding.%' ORDER BY id", admin.org_id);
    expect(events).toEqual([
      { actor_id: admin.user_id, event: 'onboarding.step_completed', entity_id: 'add_creditor' },
      { actor_id: admin.user_id, event: 'onboarding.step_reopened', entity_id: 'add_creditor' },
    ]);
  });

  it('is hidden when all ten steps are done', async () => {
    for (const code of ONBOARDING_CHECKLIST_CODES) {
      await api.request('PUT', url(`/${code}`), { token: admin.token, body: { completed: true } });
    }
    const body = await json<{ progress_percent: number; visible: boolean; dismissed: boolean }>(await api.request('GET', url(), { token: admin.token }));
    expect(body).toMatchObject({ progress_percent: 100, visible: false, dismissed: false });
  });

  it('is hidden after dismiss', async () => {
    const other = await createUser(api);
    const dismissed = await api.request('POST', `/api/orgs/${other.org_id}/onboarding/dismiss`, { token: other.token });
    expect(await json(dismissed)).toEqual({ dismissed: true });
    const body = await json<{ visible: boolean; dismissed: boolean }>(await api.request('GET', `/api/orgs/${other.org_id}/onboarding`, { token: other.token }));
    expect(body).toMatchObject({ visible: false, dismissed: true });
    expect(await auditRows(api, other.org_id, 'onboarding.dismissed')).toEqual([
      { actor_id: other.user_id, event: 'onboarding.dismissed', entity: 'organisations', entity_id: other.org_id, payload: {} },
    ]);
  });

  it('can be shown again after dismissal (restore), audited', async () => {
    const other = await createUser(api);
    await api.request('POST', `/api/orgs/${other.org_id}/onboarding/dismiss`, { token: other.token });
    expect(await json(await api.request('POST', `/api/orgs/${other.org_id}/onboarding/restore`, { token: other.token }))).toEqual({ dismissed: false });
    const body = await expectBody(await api.request('GET', `/api/orgs/${other.org_id}/onboarding`, { token: other.token }), 200, onboardingResponseSchema);
    expect(body).toMatchObject({ visible: true, dismissed: false });
    expect(await auditRows(api, other.org_id, 'onboarding.restored')).toHaveLength(1);
  });

  it('marks the steps done that the data shows done, and the checkbox cannot undo them', async () => {
    const fresh = await createUser(api);
    const path = (suffix = '') => `/api/orgs/${fresh.org_id}${suffix}`;
    const done = async () => {
      const body = await expectBody(await api.request('GET', path('/onboarding'), { token: fresh.token }), 200, onboardingResponseSchema);
      return body.steps.filter((step) => step.completed).map((step) => [step.step_code, step.detected]);
    };
    expect(await done()).toEqual([]);

    // A creditor, a case and a payment: the data of three steps.
    const creditor = await json<{ id: string }>(await api.request('POST', path('/creditors'), { token: fresh.token, body: { name: 'Första Kunden AB' } }));
    const party = await json<{ id: string }>(await api.request('POST', path('/parties'), { token: fresh.token, body: { type: 'person', name: 'Per Person' } }));
    await api.request('POST', path('/cases'), {
      token: fresh.token,
      body: { creditor_id: creditor.id, party_id: party.id, reference_no: 'F-1', principal_amount: '100', due_date: '2026-10-01' },
    });
    await api.request('POST', path('/payments'), { token: fresh.token, body: { amount: '10' } });
    // The organisation's number and address; a rule switched off by a member.
    await api.request('PATCH', path(''), {
      token: fresh.token,
      body: { org_no: '556036-0793', address_json: { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm' } },
    });
    const [rule] = await api.sql<{ id: string }>("SELECT id FROM rules WHERE org_id = ? AND code = 'INTEREST_CAP'", fresh.org_id);
    await api.request('PATCH', path(`/rules/${rule!.id}`), { token: fresh.token, body: { is_active: false, reason: 'Prövas utan' } });
    // The template library comes ready: a member's own edit of it shows the step done.
    await api.request('PATCH', path('/templates/REMINDER_EMAIL'), { token: fresh.token, body: { name: 'Vår påminnelse' } });
    expect(await done()).toEqual([
      ['setup_organization', true],
      ['add_creditor', true],
      ['create_templates', true],
      ['create_first_case', true],
      ['register_payment', true],
      ['setup_rules', true],
    ]);

    // Unticking a step the data shows done leaves it done.
    const step = await expectBody(
      await api.request('PUT', path('/onboarding/add_creditor'), { token: fresh.token, body: { completed: false } }),
      200,
      onboardingStepResponseSchema,
    );
    expect(step).toMatchObject({ completed: true, detected: true });
    const body = await expectBody(await api.request('GET', path('/onboarding'), { token: fresh.token }), 200, onboardingResponseSchema);
    expect(body.progress_percent).toBe(60);
  });

  it('refuses an unknown step or a bad body with 400 and changes nothing', async () => {
    const before = await allRowCounts(api);
    const rows = await api.sql('SELECT * FROM onboarding_steps WHERE org_id = ? ORDER BY step_code', admin.org_id);
    await expectError(await api.request('PUT', url('/setup_everything'), { token: admin.token, body: { completed: true } }), 400, 'VALIDATION_FAILED');
    await expectError(await api.request('PUT', url('/setup_fees'), { token: admin.token, body: { completed: 'ja' } }), 400, 'VALIDATION_FAILED');
    await expectError(await api.request('PUT', url('/setup_fees'), { token: admin.token, body: {} }), 400, 'VALIDATION_FAILED');
    await expectError(await api.request('PUT', url('/setup_fees'), { token: admin.token }), 400, 'VALIDATION_FAILED');
    expect(await allRowCounts(api)).toEqual(before);
    expect(await api.sql('SELECT * FROM onboarding_steps WHERE org_id = ? ORDER BY step_code', admin.org_id)).toEqual(rows);
  });
});
