import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogResponseSchema, referenceRateListResponseSchema, setReferenceRate } from '@fordran/services';
import { createTestApi, createUser, expectBody, expectError, type TestUser } from './helpers';

const api = await createTestApi();
let alfa: TestUser;
let beta: TestUser;

beforeAll(async () => {
  alfa = await createUser(api, { name: 'Alfa' });
  beta = await createUser(api, { name: 'Beta' });
});
afterAll(() => api.close());

describe('GET /api/reference-rates', () => {
  it('needs a signed-in user', async () => {
    await expectError(await api.request('GET', '/api/reference-rates'), 401, 'UNAUTHORIZED');
  });

  it('says when the current half-year has no rate', async () => {
    const list = await expectBody(await api.request('GET', '/api/reference-rates', { token: alfa.token }), 200, referenceRateListResponseSchema);
    expect(list).toEqual({ items: [], current_half_year: '2026-07-01', current_missing: true });
  });

  it('lists the half-years newest first with the dröjsmålsränta each gives and the verified mark', async () => {
    await setReferenceRate(api.ctx, { valid_from: '2019-01-01', rate: '-0.50', verified: true });
    await setReferenceRate(api.ctx, { valid_from: '2026-07-01', rate: '2', verified: false });
    await setReferenceRate(api.ctx, { valid_from: '2026-01-01', rate: '2,25' });
    const list = await expectBody(await api.request('GET', '/api/reference-rates', { token: beta.token }), 200, referenceRateListResponseSchema);
    expect(list.current_missing).toBe(false);
    expect(list.items.map((r) => [r.valid_from, r.valid_to, r.rate, r.rate_bp, r.legal_interest_rate, r.verified])).toEqual([
      ['2026-07-01', '2026-12-31', '2.00', 200, '10.00', false],
      ['2026-01-01', '2026-06-30', '2.25', 225, '10.25', false],
      ['2019-01-01', '2019-06-30', '-0.50', -50, '7.50', true],
    ]);
  });

  it('offers no way to change the global table over HTTP', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      await expectError(
        await api.request(method, '/api/reference-rates', { token: alfa.token, body: { valid_from: '2027-01-01', rate: '9' } }),
        404,
        'NOT_FOUND',
      );
    }
    const doc = (await (await api.request('GET', '/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/reference-rates'] ?? {})).toEqual(['get']);
  });
});

describe('setReferenceRate (the operator)', () => {
  it('corrects a half-year and logs the change in every organisation', async () => {
    api.clock.advanceSeconds(1);
    const result = await setReferenceRate(api.ctx, { valid_from: '2026-07-01', rate: '1.75', verified: true });
    expect(result).toMatchObject({ rate: '1.75', legal_interest_rate: '9.75', verified: true, previous_rate: '2.00' });
    for (const user of [alfa, beta]) {
      const audit = await expectBody(
        await api.request('GET', `/api/orgs/${user.org_id}/audit-log?limit=1`, { token: user.token }),
        200,
        auditLogResponseSchema,
      );
      expect(audit.entries[0]).toMatchObject({
        event: 'reference_rate.set',
        actor_id: null,
        payload: { valid_from: '2026-07-01', rate_bp: 175, previous_rate_bp: 200 },
      });
    }
  });

  it.each([
    [{ valid_from: '2027-02-01', rate: '2' }, 'Referensräntan gäller från 1 januari eller 1 juli'],
    [{ valid_from: '2027-01-01', rate: '2.255' }, 'Ange referensräntan i procent med högst två decimaler, t.ex. 2.25 eller -0.50'],
    [{ valid_from: '2027-01-01', rate: 'två' }, 'Ange referensräntan i procent med högst två decimaler, t.ex. 2.25 eller -0.50'],
  ])('refuses %j', async (input, message) => {
    const before = await api.sql('SELECT count(*) AS n FROM reference_rates');
    await expect(setReferenceRate(api.ctx, input)).rejects.toThrowError(message);
    expect(await api.sql('SELECT count(*) AS n FROM reference_rates')).toEqual(before);
  });
});
