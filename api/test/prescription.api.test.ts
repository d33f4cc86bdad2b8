import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseDetailSchema,
  caseEventsResponseSchema,
  communicationSendResponseSchema,
  paymentAllocateResponseSchema,
  paymentResponseSchema,
  prescriptionInterruptionCreateResponseSchema,
  runDeliveriesUntilIdle,
  type CaseDetail,
} from '@fordran/services';
import { createRecordingChannels } from '@fordran/services/testing';
import { allRowCounts, auditRows, createMember, createTestApi, createUser, expectBody, expectError, signIn, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty } from './fixtures';

/*
 * Preskription over HTTP (issue 12): arose_on on create, the prescribed date on the case, and
 * the interruptions — a payment allocated, a påminnelse that reached the debtor (not one that
 * failed or has no delivery evidence), a manual one with a reason (audited), never across
 * organisations. The clock stands at Sunday 2026-11-22 10:00 in Stockholm.
 */

const START = '2026-11-22T09:00:00.000Z';
const MONDAY_10 = '2026-11-23T09:00:00.000Z';
const channels = createRecordingChannels();
let api: TestApi;
let admin: TestUser;
let handler: TestUser;
let legal: TestUser;
let other: TestUser;
let creditorId: string;

const base = () => `/api/orgs/${admin.org_id}`;

/** Moves the clock and signs the users in again (their access tokens live 15 minutes of the clock). */
async function at(instant: string): Promise<void> {
  api.clock.set(instant);
  for (const user of [admin, handler, legal, other]) user.token = (await signIn(api, user.email)).access_token;
}

async function create(claim: { due_date: string; arose_on?: string; arose_on_estimated?: boolean }): Promise<Response> {
  const partyId = await insertParty(api, admin.org_id, 'Anna Andersson');
  await api.sql('UPDATE parties SET email = ? WHERE id = ?', 'anna@example.se', partyId);
  return api.request('POST', `${base()}/cases`, {
    token: handler.token,
    body: { creditor_id: creditorId, party_id: partyId, reference_no: `F-${partyId.slice(-6)}`, principal_amount: '7950', ...claim },
  });
}

/** An active consumer case of a claim that arose on `aroseOn`. */
async function openCase(aroseOn: string, dueDate = '2026-10-01'): Promise<CaseDetail> {
  const created = await expectBody(await create({ due_date: dueDate, arose_on: aroseOn }), 201, caseDetailSchema);
  await api.request('POST', `${base()}/cases/${created.id}/status`, { token: admin.token, body: { status: 'active' } });
  return created;
}

async function detail(caseId: string, user: TestUser = handler): Promise<CaseDetail> {
  return expectBody(await api.request('GET', `${base()}/cases/${caseId}`, { token: user.token }), 200, caseDetailSchema);
}

function interrupt(caseId: string, body: unknown, user: TestUser = handler, orgBase = base()): Promise<Response> {
  return api.request('POST', `${orgBase}/cases/${caseId}/prescription-interruptions`, { token: user.token, body });
}

/** Expects a refusal that writes nothing at all. */
async function expectRefusal(response: Promise<Response>, status: number, code: string): Promise<string> {
  const before = await allRowCounts(api);
  const error = await expectError(await response, status, code);
  expect(await allRowCounts(api)).toEqual(before);
  return error.message;
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true, providers: { channels: channels.directory } });
  api.clock.set(START);
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  handler = await createMember(api, admin, 'handler');
  legal = await createMember(api, admin, 'legal');
  other = await createUser(api, { name: 'Annan Byrå' });
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  const account = await api.request('POST', `${base()}/bank-accounts`, {
    token: admin.token,
    body: { account_name: 'Klientmedel', type: 'client_funds', bg_number: '5402-9681' },
  });
  expect(account.status).toBe(201);
});
afterAll(() => api.close());

describe('arose_on on POST /cases and the case detail', () => {
  it('counts from the day the claim arose, not the due date: barred a month before the due date says', async () => {
    // Invoice 2023-11-01, due 2023-12-01: three years from the invoice ended 2026-11-01.
    const created = await openCase('2023-11-01', '2023-12-01');
    expect(created.claim).toMatchObject({ arose_on: '2023-11-01', arose_on_estimated: false, due_date: '2023-12-01', prescription_years: null });
    expect(created.prescription).toMatchObject({ years: 3, last_day: '2026-11-01', prescribed_on: '2026-11-02', set_by: null, interruptions: [] });
    expect((await detail(created.id)).prescription.level).toBe('block');
  });

  it('without arose_on takes the due date and marks it estimated', async () => {
    const created = await expectBody(await create({ due_date: '2026-10-01' }), 201, caseDetailSchema);
    expect(created.claim).toMatchObject({ arose_on: '2026-10-01', arose_on_estimated: true });
    expect(created.prescription).toMatchObject({ prescribed_on: '2029-10-02', level: null });
    const estimated = await expectBody(await create({ due_date: '2026-10-01', arose_on: '2026-09-01', arose_on_estimated: true }), 201, caseDetailSchema);
    expect(estimated.claim).toMatchObject({ arose_on: '2026-09-01', arose_on_estimated: true });
  });

  it('refuses a date after the due date or in the future, writing nothing', async () => {
    const partyId = await insertParty(api, admin.org_id, 'Bo Berg');
    const body = { creditor_id: creditorId, party_id: partyId, reference_no: 'F-AROSE', principal_amount: '100', due_date: '2026-10-01' };
    const post = (extra: object) => api.request('POST', `${base()}/cases`, { token: handler.token, body: { ...body, ...extra } });
    expect(await expectRefusal(post({ arose_on: '2026-10-02' }), 400, 'VALIDATION_FAILED')).toBe('Fordran kan inte ha uppkommit efter förfallodagen');
    expect(await expectRefusal(post({ arose_on: '2026-11-23' }), 400, 'VALIDATION_FAILED')).toContain('Dagen fordran uppkom får inte vara i framtiden');
    expect(await expectRefusal(post({ arose_on: '2026-02-30' }), 400, 'VALIDATION_FAILED')).toBeTruthy();
  });
});

describe('automatic interruptions', () => {
  it('a payment allocated to the case interrupts from its payment date, in the allocation’s transaction', async () => {
    const created = await openCase('2024-01-10');
    const payment = await expectBody(
      await api.request('POST', `${base()}/payments`, { token: admin.token, body: { amount: '500', paid_at: '2026-11-20', payer_name: 'Anna Andersson' } }),
      201,
      paymentResponseSchema,
    );
    const allocated = await expectBody(
      await api.request('POST', `${base()}/payments/${payment.id}/allocate`, { token: admin.token, body: { case_id: created.id } }),
      200,
      paymentAllocateResponseSchema,
    );
    const { prescription } = await detail(created.id);
    expect(prescription).toMatchObject({ last_day: '2029-11-20', prescribed_on: '2029-11-21', level: null });
    expect(prescription.set_by).toMatchObject({
      kind: 'payment',
      kind_label: 'Betalning',
      interrupted_on: '2026-11-20',
      payment_allocation_id: allocated.allocation.id,
      created_by: null,
    });

    // A reversed payment was never paid: its interruption goes with its allocation.
    const reversed = await api.request('POST', `${base()}/payments/${payment.id}/reverse`, { token: admin.token, body: { reason: 'Återförd av banken' } });
    expect(reversed.status, await reversed.clone().text()).toBe(200);
    expect((await detail(created.id)).prescription).toMatchObject({ prescribed_on: '2027-01-11', set_by: null, interruptions: [] });
  });

  it('a påminnelse the provider confirms delivered interrupts from the day it was delivered, not the day it was sent', async () => {
    const created = await openCase('2024-01-10');
    channels.answerWith((message) => ({ kind: 'accepted', provider: 'test', provider_message_id: `test-${message.id}`, status: 'delivered' }));
    try {
      // Written on Sunday; e-mail waits for Monday's allowed hours, and is delivered then.
      const sent = await expectBody(
        await api.request('POST', `${base()}/cases/${created.id}/communications`, { token: handler.token, body: { template: 'REMINDER_EMAIL' } }),
        201,
        communicationSendResponseSchema,
      );
      await runDeliveriesUntilIdle(api.ctx);
      expect((await detail(created.id)).prescription.interruptions).toEqual([]);
      await at(MONDAY_10);
      await runDeliveriesUntilIdle(api.ctx);
      const { prescription } = await detail(created.id);
      expect(prescription.set_by).toMatchObject({
        kind: 'demand_delivered',
        interrupted_on: '2026-11-23',
        communication_id: sent.communication.id,
        reason: 'Påminnelse levererad',
      });
      expect(prescription.prescribed_on).toBe('2029-11-24');
    } finally {
      channels.answerWith((message) => ({ kind: 'accepted', provider: 'test', provider_message_id: `test-${message.id}`, status: 'sent' }));
      await at(START);
    }
  });

  it('a posted påminnelse interrupts from its presumed arrival, three weekdays after posting', async () => {
    const created = await openCase('2024-01-10');
    await api.sql(
      'UPDATE parties SET address_json = ? WHERE id = ?',
      JSON.stringify({ street: 'Lillgatan 2', zip: '123 45', city: 'Farsta' }),
      created.party.id,
    );
    await at(MONDAY_10);
    try {
      const sent = await expectBody(
        await api.request('POST', `${base()}/cases/${created.id}/communications`, { token: handler.token, body: { template: 'REMINDER_LETTER' } }),
        201,
        communicationSendResponseSchema,
      );
      await runDeliveriesUntilIdle(api.ctx);
      // Posted Monday 2026-11-23: presumed with the debtor on Thursday the 26th, a new 3-year period from then.
      const posted = {
        kind: 'demand_delivered',
        interrupted_on: '2026-11-26',
        communication_id: sent.communication.id,
        reason: 'Påminnelse postad 2026-11-23, framme enligt postens befordringstid',
      };
      const before = (await detail(created.id)).prescription;
      expect(before.interruptions).toEqual([expect.objectContaining(posted)]);
      expect(before).toMatchObject({ set_by: null, prescribed_on: '2027-01-11' });
      await at('2026-11-26T09:00:00.000Z');
      const { prescription } = await detail(created.id);
      expect(prescription.set_by).toMatchObject(posted);
      expect(prescription.prescribed_on).toBe('2029-11-27');
    } finally {
      await at(START);
    }
  });

  it('a demand that failed, or was only sent without delivery evidence, interrupts nothing', async () => {
    const failing = await openCase('2024-01-10');
    const sentOnly = await openCase('2024-01-10');
    await at(MONDAY_10);
    try {
      channels.answerWith(() => ({ kind: 'rejected', provider: 'test', detail: 'Brevlådan finns inte', permanent: true }));
      await api.request('POST', `${base()}/cases/${failing.id}/communications`, { token: handler.token, body: { template: 'REMINDER_EMAIL' } });
      await runDeliveriesUntilIdle(api.ctx);
      channels.answerWith((message) => ({ kind: 'accepted', provider: 'test', provider_message_id: `test-${message.id}`, status: 'sent' }));
      await api.request('POST', `${base()}/cases/${sentOnly.id}/communications`, { token: handler.token, body: { template: 'REMINDER_EMAIL' } });
      await runDeliveriesUntilIdle(api.ctx);
      const statuses = await api.sql<{ status: string }>('SELECT status FROM communications WHERE case_id IN (?, ?) ORDER BY status', failing.id, sentOnly.id);
      expect(statuses.map((row) => row.status)).toEqual(['failed', 'sent']);
      for (const id of [failing.id, sentOnly.id])
        expect((await detail(id)).prescription).toMatchObject({ set_by: null, interruptions: [], prescribed_on: '2027-01-11' });
    } finally {
      await at(START);
    }
  });
});

describe('POST /cases/:id/prescription-interruptions (manual)', () => {
  it('refuses one without a reason or date, or dated in the future, writing nothing', async () => {
    const created = await openCase('2024-01-10');
    expect(await expectRefusal(interrupt(created.id, { interrupted_on: '2026-11-20' }), 400, 'VALIDATION_FAILED')).toBe('Ange varför preskriptionen avbryts');
    expect(await expectRefusal(interrupt(created.id, { interrupted_on: '2026-11-20', reason: '  ' }), 400, 'VALIDATION_FAILED')).toBe(
      'Ange varför preskriptionen avbryts',
    );
    expect(await expectRefusal(interrupt(created.id, { reason: 'Erkände skulden i telefon' }), 400, 'VALIDATION_FAILED')).toBe(
      'Ange datum för avbrottet som ÅÅÅÅ-MM-DD',
    );
    expect(await expectRefusal(interrupt(created.id, { interrupted_on: '2026-11-23', reason: 'Erkände skulden i telefon' }), 400, 'VALIDATION_FAILED')).toBe(
      'Avbrottets datum får inte vara i framtiden',
    );
  });

  it('records one with its reason: it sets the date, and the timeline and the system log say who and why', async () => {
    const created = await openCase('2024-01-10');
    const body = await expectBody(
      await interrupt(created.id, { interrupted_on: '2026-11-20', reason: 'Gäldenären erkände skulden i telefon' }),
      201,
      prescriptionInterruptionCreateResponseSchema,
    );
    expect(body.interruption).toMatchObject({
      kind: 'manual',
      kind_label: 'Manuellt avbrott',
      interrupted_on: '2026-11-20',
      reason: 'Gäldenären erkände skulden i telefon',
    });
    expect(body.interruption.created_by).toMatchObject({ id: handler.user_id });
    expect(body.prescription).toMatchObject({ prescribed_on: '2029-11-21', set_by: { id: body.interruption.id } });
    const [audit] = (await auditRows(api, admin.org_id, 'case.prescription_interrupted')).filter((row) => row.entity_id === body.interruption.id);
    expect(audit).toMatchObject({ actor_id: handler.user_id, entity: 'prescription_interruptions' });
    expect(audit!.payload).toEqual({
      case_id: created.id,
      interrupted_on: '2026-11-20',
      reason: 'Gäldenären erkände skulden i telefon',
    });
    const events = await expectBody(await api.request('GET', `${base()}/cases/${created.id}/events`, { token: handler.token }), 200, caseEventsResponseSchema);
    expect(events.events[0]).toMatchObject({ type: 'prescription_interrupted', title: 'Preskriptionsavbrott registrerat' });
  });

  it('never revives a claim already time-barred: one after the last day is kept, the claim stays barred', async () => {
    const created = await openCase('2023-06-01');
    const body = await expectBody(
      await interrupt(created.id, { interrupted_on: '2026-11-20', reason: 'Gäldenären lovade att betala' }),
      201,
      prescriptionInterruptionCreateResponseSchema,
    );
    expect(body.prescription).toMatchObject({ prescribed_on: '2026-06-02', level: 'block', set_by: null });
    expect(body.prescription.interruptions).toHaveLength(1);
  });

  it('is for those who change cases: legal may not, and another organisation cannot see the case', async () => {
    const created = await openCase('2024-01-10');
    const valid = { interrupted_on: '2026-11-20', reason: 'Gäldenären erkände skulden' };
    await expectRefusal(interrupt(created.id, valid, legal), 403, 'FORBIDDEN');
    await expectRefusal(interrupt(created.id, valid, other, `/api/orgs/${other.org_id}`), 404, 'NOT_FOUND');
    // Not a member of the case's organisation: it is not revealed to exist.
    await expectRefusal(interrupt(created.id, valid, other), 404, 'NOT_FOUND');
    expect((await detail(created.id)).prescription.interruptions).toEqual([]);
  });
});
