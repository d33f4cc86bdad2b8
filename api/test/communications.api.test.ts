import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseDetailSchema,
  communicationDetailResponseSchema,
  communicationListResponseSchema,
  communicationPreviewResponseSchema,
  communicationResponseSchema,
  communicationSendOptionsSchema,
  communicationSendResponseSchema,
  optOutListResponseSchema,
  organisationResponseSchema,
  runDeliveriesUntilIdle,
  unsubscribeResponseSchema,
  type CommunicationResponse,
} from '@fordran/services';
import { createRecordingChannels } from '@fordran/services/testing';
import { allRowCounts, auditRows, createMember, createTestApi, createUser, expectBody, expectError, signIn, type TestApi, type TestUser } from './helpers';
import { insertCreditor, insertParty } from './fixtures';
import { createApp } from '../src/app';

/*
 * Sending, history, cancel / resend / change channel and opt-out over HTTP (issue 11), with a
 * recording channel directory in place of the providers. Every refusal changes nothing (a rule
 * block keeps only the flag that explains it). The clock stands at Sunday 2026-11-22 10:00 in
 * Stockholm, so SMS and e-mail wait for Monday: tests that deliver move it to a weekday.
 */

const MONDAY_10 = '2026-11-23T09:00:00.000Z';
const channels = createRecordingChannels();
let api: TestApi;
let admin: TestUser;
let handler: TestUser;
let creditorId: string;

const base = () => `/api/orgs/${admin.org_id}`;
const START = '2026-11-22T09:00:00.000Z';

/** Moves the clock and signs the two users in again (their access tokens live 15 minutes of the clock). */
async function at(instant: string): Promise<void> {
  api.clock.set(instant);
  for (const user of [admin, handler]) user.token = (await signIn(api, user.email)).access_token;
}

interface Debtor {
  email?: string | null;
  phone?: string | null;
  /** true: Storgatan 1; a street of its own when given. */
  address?: boolean | string;
}

/** An active case (OCR and all) of a debtor with the contacts given. */
async function openCase(debtor: Debtor = { email: 'anna@example.se', phone: '070-123 45 67', address: true }, dueDate = '2026-10-01'): Promise<string> {
  const partyId = await insertParty(api, admin.org_id, 'Anna Andersson');
  await api.sql(
    'UPDATE parties SET email = ?, phone = ?, address_json = ? WHERE id = ?',
    debtor.email ?? null,
    debtor.phone ?? null,
    debtor.address ? JSON.stringify({ street: debtor.address === true ? 'Storgatan 1' : debtor.address, zip: '111 22', city: 'Stockholm' }) : null,
    partyId,
  );
  const created = await expectBody(
    await api.request('POST', `${base()}/cases`, {
      token: admin.token,
      body: { creditor_id: creditorId, party_id: partyId, reference_no: `F-${partyId.slice(-6)}`, principal_amount: '7950', due_date: dueDate },
    }),
    201,
    caseDetailSchema,
  );
  await api.request('POST', `${base()}/cases/${created.id}/status`, { token: admin.token, body: { status: 'active' } });
  return created.id;
}

async function send(caseId: string, body: Record<string, unknown>, user: TestUser = handler): Promise<CommunicationResponse> {
  const response = await api.request('POST', `${base()}/cases/${caseId}/communications`, { token: user.token, body });
  return (await expectBody(response, 201, communicationSendResponseSchema)).communication;
}

async function message(id: string) {
  return expectBody(await api.request('GET', `${base()}/communications/${id}`, { token: admin.token }), 200, communicationDetailResponseSchema);
}

/** Expects a refusal that writes nothing at all. */
async function expectRefusal(request: () => Promise<Response>, status: number, code: string): Promise<string> {
  const before = await allRowCounts(api);
  const error = await expectError(await request(), status, code);
  expect(await allRowCounts(api)).toEqual(before);
  return error.message;
}

beforeAll(async () => {
  api = await createTestApi({}, { seedReferenceRates: true, providers: { channels: channels.directory } });
  admin = await createUser(api, { name: 'Karin Lindqvist' });
  handler = await createMember(api, admin, 'handler');
  creditorId = await insertCreditor(api, admin.org_id, 'Elbolaget Norr AB');
  const account = await api.request('POST', `${base()}/bank-accounts`, {
    token: admin.token,
    body: { account_name: 'Klientmedel', type: 'client_funds', bg_number: '5402-9681' },
  });
  expect(account.status).toBe(201);
});
afterAll(() => api.close());

describe('POST /cases/:id/communications (Skicka meddelande)', () => {
  it('writes the message (pending, rendered, hashed, with its unsubscribe link), its delivery, the event, the audit row and the job in one go', async () => {
    const caseId = await openCase();
    const before = await allRowCounts(api);
    const sent = await send(caseId, { template: 'REMINDER_EMAIL' });
    expect(sent).toMatchObject({
      case_id: caseId,
      channel: 'email',
      channel_label: 'E-post',
      recipient: 'anna@example.se',
      subject: 'Påminnelse – obetald faktura från Elbolaget Norr AB',
      status: 'pending',
      status_label: 'Köad',
      template_code: 'REMINDER_EMAIL',
      template_name: 'Påminnelse (e-post)',
      unsubscribe_link_included: true,
      sent_at: null,
      delivery: { status: 'pending', attempts: 0 },
      actions: { can_cancel: true, can_resend: false, can_change_channel: false },
    });
    expect(sent.body).toContain('Hej Anna Andersson!');
    expect(sent.body).toMatch(/7\s950,00/);
    expect(sent.body).not.toContain('{{');
    expect(sent.body).toMatch(/Avregistrera dig här: http:\/\/localhost:3000\/avregistrera\/[\w-]{43}$/);
    const after = await allRowCounts(api);
    for (const table of ['communications', 'comm_deliveries', 'case_events', 'audit_logs', 'job_queue', 'unsubscribe_tokens']) {
      expect(after[table], table).toBe(before[table]! + 1);
    }
    const [event] = await api.sql<{ type: string; payload_json: string }>(
      "SELECT type, payload_json FROM case_events WHERE case_id = ? AND type = 'COMMUNICATION_SENT'",
      caseId,
    );
    expect(JSON.parse(event!.payload_json)).toMatchObject({ communication_id: sent.id, channel: 'email', template_code: 'REMINDER_EMAIL' });
    expect((await auditRows(api, admin.org_id, 'communication.sent')).at(-1)).toMatchObject({ actor_id: handler.user_id, entity_id: sent.id });
    const [hash] = await api.sql<{ dedupe_hash: string }>('SELECT dedupe_hash FROM communications WHERE id = ?', sent.id);
    expect(hash!.dedupe_hash).toMatch(/^[0-9a-f]{64}$/);
    // The case page's count badge.
    const detail = await expectBody(await api.request('GET', `${base()}/cases/${caseId}`, { token: admin.token }), 200, caseDetailSchema);
    expect(detail.counts.communications).toBe(1);
  });

  it('sends on another channel than the template’s, and reuses one unsubscribe token per recipient and channel', async () => {
    const caseId = await openCase();
    const first = await send(caseId, { template: 'GDPR_INFO_EMAIL' });
    const second = await send(caseId, { template: 'REMINDER_EMAIL' });
    const link = (body: string) => /avregistrera\/([\w-]+)$/.exec(body)![1];
    expect(link(first.body)).toBe(link(second.body));
    const letter = await send(caseId, { template: 'GDPR_INFO_EMAIL', channel: 'letter' });
    expect(letter).toMatchObject({ channel: 'letter', recipient: 'Storgatan 1, 111 22 Stockholm', unsubscribe_link_included: false });
    expect(letter.body).not.toContain('avregistrera');
  });

  it("refuses a debtor without e-mail or phone with the spec's text, and writes nothing", async () => {
    const caseId = await openCase({ address: true });
    const text = 'Ingen e-postadress/telefonnummer finns för gäldenären';
    expect(
      await expectRefusal(
        () => api.request('POST', `${base()}/cases/${caseId}/communications`, { token: handler.token, body: { template: 'REMINDER_EMAIL' } }),
        422,
        'NO_CONTACT_FOR_CHANNEL',
      ),
    ).toBe(text);
    expect(
      await expectRefusal(
        () => api.request('POST', `${base()}/cases/${caseId}/communications`, { token: handler.token, body: { template: 'REMINDER_SMS' } }),
        422,
        'NO_CONTACT_FOR_CHANNEL',
      ),
    ).toBe(text);
  });

  it("refuses with 'Åtgärd blockerad' when a rule blocks send_communication, keeping only the flag", async () => {
    // Due in 2022: prescribed against a person (3 years), and the rule blocks every action.
    const caseId = await openCase(undefined, '2022-06-01');
    const before = await allRowCounts(api);
    const error = await expectError(
      await api.request('POST', `${base()}/cases/${caseId}/communications`, { token: handler.token, body: { template: 'GDPR_INFO_EMAIL' } }),
      422,
      'ACTION_BLOCKED',
    );
    expect(error.details).toMatchObject({ action: 'send_communication', violations: [{ rule_code: 'PRESCRIPTION', level: 'block' }] });
    // Only the flag that explains the block is kept, with the notice of it to the case's handler.
    const after = await allRowCounts(api);
    expect(after.case_flags).toBe(before.case_flags! + 1);
    expect({ ...after, case_flags: before.case_flags, notifications: before.notifications, audit_logs: before.audit_logs }).toEqual(before);
    expect(await api.sql('SELECT id FROM communications WHERE case_id = ?', caseId)).toEqual([]);
  });

  it('refuses the same message to the same recipient a second time the same day, and sends it again the next day', async () => {
    const caseId = await openCase();
    await send(caseId, { template: 'GDPR_INFO_EMAIL' });
    await expectRefusal(
      () => api.request('POST', `${base()}/cases/${caseId}/communications`, { token: handler.token, body: { template: 'GDPR_INFO_EMAIL' } }),
      409,
      'DUPLICATE_COMMUNICATION',
    );
    await at('2026-11-23T09:00:00.000Z');
    await send(caseId, { template: 'GDPR_INFO_EMAIL' });
    await at(START);
  });

  it('refuses an unknown or switched-off template, a missing one and an unknown channel', async () => {
    const caseId = await openCase();
    const post = (body: unknown) => () => api.request('POST', `${base()}/cases/${caseId}/communications`, { token: handler.token, body });
    await expectRefusal(post({ template: 'FINNS_INTE' }), 404, 'NOT_FOUND');
    await expectRefusal(post({}), 400, 'VALIDATION_FAILED');
    await expectRefusal(post({ template: 'REMINDER_EMAIL', channel: 'fax' }), 400, 'VALIDATION_FAILED');
    await api.sql("UPDATE comm_templates SET is_active = ? WHERE org_id = ? AND code = 'RECEIPT_EMAIL'", false, admin.org_id);
    await expectRefusal(post({ template: 'RECEIPT_EMAIL' }), 400, 'VALIDATION_FAILED');
  });

  it('answers 404 for a case of another organisation', async () => {
    const other = await createUser(api, { name: 'Annan Byrå' });
    const caseId = await openCase();
    await expectRefusal(
      () => api.request('POST', `/api/orgs/${other.org_id}/cases/${caseId}/communications`, { token: other.token, body: { template: 'GDPR_INFO_EMAIL' } }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('opt-out', () => {
  it('records the opt-out through the public link, skips the channel when sending, lists it, and lets staff revoke it', async () => {
    const caseId = await openCase({ email: 'anna.optout@example.se', phone: '070-123 45 67' });
    const sent = await send(caseId, { template: 'GDPR_INFO_EMAIL' });
    const token = /avregistrera\/([\w-]+)$/.exec(sent.body)![1]!;
    const page = await expectBody(await api.request('GET', `/api/public/unsubscribe/${token}`), 200, unsubscribeResponseSchema);
    expect(page).toEqual({
      organisation_name: 'Karin Lindqvists organisation',
      channel: 'email',
      channel_label: 'E-post',
      recipient: 'a***@example.se',
      opted_out: false,
    });
    expect(JSON.stringify(page)).not.toContain('anna.optout');
    expect(await expectBody(await api.request('POST', `/api/public/unsubscribe/${token}`), 200, unsubscribeResponseSchema)).toMatchObject({ opted_out: true });
    expect((await auditRows(api, admin.org_id, 'opt_out.recorded')).at(-1)).toMatchObject({
      actor_id: null,
      payload: { channel: 'email', recipient: 'anna.optout@example.se' },
    });
    // Confirming again changes nothing.
    const before = await allRowCounts(api);
    await expectBody(await api.request('POST', `/api/public/unsubscribe/${token}`), 200, unsubscribeResponseSchema);
    expect(await allRowCounts(api)).toEqual(before);

    await expectRefusal(
      () => api.request('POST', `${base()}/cases/${caseId}/communications`, { token: handler.token, body: { template: 'REMINDER_EMAIL' } }),
      422,
      'RECIPIENT_OPTED_OUT',
    );
    // Another case of the same address is the same recipient.
    const otherCase = await openCase({ email: 'ANNA.optout@example.se' });
    await expectRefusal(
      () => api.request('POST', `${base()}/cases/${otherCase}/communications`, { token: handler.token, body: { template: 'REMINDER_EMAIL' } }),
      422,
      'RECIPIENT_OPTED_OUT',
    );
    // SMS is another channel.
    await send(caseId, { template: 'REMINDER_SMS' });
    const preview = await expectBody(
      await api.request('POST', `${base()}/cases/${caseId}/communications/preview`, { token: handler.token, body: { template: 'REMINDER_EMAIL' } }),
      200,
      communicationPreviewResponseSchema,
    );
    expect(preview).toMatchObject({ recipient: 'anna.optout@example.se', refusal: { code: 'RECIPIENT_OPTED_OUT' }, opted_out_channels: ['email'] });

    const list = await expectBody(await api.request('GET', `${base()}/opt-outs`, { token: handler.token }), 200, optOutListResponseSchema);
    const optOut = list.items.find((item) => item.recipient === 'anna.optout@example.se')!;
    expect(optOut).toMatchObject({ channel: 'email', channel_label: 'E-post', opted_out_at: api.clock.now() });
    await expectBody(
      await api.request('POST', `${base()}/opt-outs/${optOut.id}/revoke`, { token: handler.token }),
      200,
      communicationResponseSchema.pick({ id: true }).passthrough(),
    );
    expect((await auditRows(api, admin.org_id, 'opt_out.revoked')).at(-1)).toMatchObject({ actor_id: handler.user_id, entity_id: optOut.id });
    const afterRevoke = await expectBody(await api.request('GET', `${base()}/opt-outs`, { token: handler.token }), 200, optOutListResponseSchema);
    expect(afterRevoke.items.map((item) => item.id)).not.toContain(optOut.id);
    await expectRefusal(() => api.request('POST', `${base()}/opt-outs/${optOut.id}/revoke`, { token: handler.token }), 404, 'NOT_FOUND');
    await send(caseId, { template: 'REMINDER_EMAIL' });
    // The same link opts out anew.
    expect(await expectBody(await api.request('POST', `/api/public/unsubscribe/${token}`), 200, unsubscribeResponseSchema)).toMatchObject({ opted_out: true });
  });

  it('still sends a letter of a legal step to an address that opted out, and says why', async () => {
    const caseId = await openCase({ email: 'anna.letter@example.se', address: 'Lillgatan 2' });
    const orgId = admin.org_id;
    await api.sql(
      'INSERT INTO unsubscribe_tokens (id, org_id, channel, recipient, token, created_at, opted_out_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      crypto.randomUUID(),
      orgId,
      'letter',
      'Lillgatan 2, 111 22 Stockholm',
      `t-${crypto.randomUUID()}`,
      api.clock.now(),
      api.clock.now(),
    );
    await expectRefusal(
      () => api.request('POST', `${base()}/cases/${caseId}/communications`, { token: handler.token, body: { template: 'REMINDER_LETTER' } }),
      422,
      'RECIPIENT_OPTED_OUT',
    );
    await api.request('POST', `/api/public/unsubscribe/${/avregistrera\/([\w-]+)$/.exec((await send(caseId, { template: 'GDPR_INFO_EMAIL' })).body)![1]}`);
    const preview = await expectBody(
      await api.request('POST', `${base()}/cases/${caseId}/communications/preview`, { token: handler.token, body: { template: 'DEMAND_LETTER' } }),
      200,
      communicationPreviewResponseSchema,
    );
    expect(preview).toMatchObject({ refusal: null, opted_out_channels: ['email'] });
    expect(preview.opt_out_note).toBe(
      'Inkassokrav, meddelanden inför Kronofogden och stämningar skickas alltid som brev, även till den som har avregistrerat sig.',
    );
    expect((await send(caseId, { template: 'DEMAND_LETTER' })).channel).toBe('letter');
  });

  it('takes the RFC 8058 one-click POST on the link itself, without sign-in, while GET of it stays the page', async () => {
    const caseId = await openCase({ email: 'anna.oneclick@example.se' });
    const link = new URL(/(\S+\/avregistrera\/[\w-]+)$/.exec((await send(caseId, { template: 'GDPR_INFO_EMAIL' })).body)![1]!);
    const uiDist = mkdtempSync(join(tmpdir(), 'fordran-ui-'));
    writeFileSync(join(uiDist, 'index.html'), '<!doctype html><title>Fordran</title><div id="root"></div>');
    try {
      const served = createApp(api.ctx, { uiDist });
      const page = await served.request(link.pathname);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"></div>');
      // What a mail client sends (RFC 8058 §3.2): no cookie, no authorization, the form body.
      const oneClick = await served.request(link.pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(await expectBody(oneClick, 200, unsubscribeResponseSchema)).toMatchObject({ channel: 'email', opted_out: true });
      expect((await auditRows(api, admin.org_id, 'opt_out.recorded')).at(-1)).toMatchObject({
        actor_id: null,
        payload: { recipient: 'anna.oneclick@example.se' },
      });
      await expectRefusal(
        () => api.request('POST', `${base()}/cases/${caseId}/communications`, { token: handler.token, body: { template: 'REMINDER_EMAIL' } }),
        422,
        'RECIPIENT_OPTED_OUT',
      );
      const unknown = await served.request('/avregistrera/finns-inte', { method: 'POST', body: 'List-Unsubscribe=One-Click' });
      await expectError(unknown, 404, 'INVALID_UNSUBSCRIBE_LINK');
    } finally {
      rmSync(uiDist, { recursive: true, force: true });
    }
  });

  it('answers 404 for an unknown link', async () => {
    await expectError(await api.request('GET', '/api/public/unsubscribe/finns-inte'), 404, 'INVALID_UNSUBSCRIBE_LINK');
    await expectRefusal(() => api.request('POST', '/api/public/unsubscribe/finns-inte'), 404, 'INVALID_UNSUBSCRIBE_LINK');
  });
});

describe('preview', () => {
  it("renders the template with the case's real values for the channel, and writes nothing", async () => {
    const caseId = await openCase();
    const before = await allRowCounts(api);
    const preview = await expectBody(
      await api.request('POST', `${base()}/cases/${caseId}/communications/preview`, {
        token: handler.token,
        body: { template: 'REMINDER_EMAIL', channel: 'sms' },
      }),
      200,
      communicationPreviewResponseSchema,
    );
    expect(preview).toMatchObject({
      channel: 'sms',
      channel_label: 'SMS',
      recipient: '+46701234567',
      subject: null,
      unsubscribe_link: true,
      refusal: null,
      opted_out_channels: [],
    });
    expect(preview.body).toMatch(/7\s950,00/);
    expect(preview.body).toContain('5402-9681');
    expect(await allRowCounts(api)).toEqual(before);
    const noPhone = await openCase({ email: 'x@example.se' });
    const refused = await expectBody(
      await api.request('POST', `${base()}/cases/${noPhone}/communications/preview`, { token: handler.token, body: { template: 'REMINDER_SMS' } }),
      200,
      communicationPreviewResponseSchema,
    );
    expect(refused).toMatchObject({
      recipient: null,
      refusal: { code: 'NO_CONTACT_FOR_CHANNEL', message: 'Ingen e-postadress/telefonnummer finns för gäldenären' },
    });
  });
});

describe('send options', () => {
  it('offers the active templates and every channel with its recipient, an opt-out or why it cannot be used', async () => {
    const caseId = await openCase({ email: 'options@example.se', address: true });
    await api.request('POST', `/api/public/unsubscribe/${/avregistrera\/([\w-]+)$/.exec((await send(caseId, { template: 'GDPR_INFO_EMAIL' })).body)![1]}`);
    const options = await expectBody(
      await api.request('GET', `${base()}/cases/${caseId}/communications/options`, { token: handler.token }),
      200,
      communicationSendOptionsSchema,
    );
    expect(options.templates.map((template) => template.code)).toContain('DEMAND_LETTER');
    expect(options.templates.map((template) => template.code)).not.toContain('RECEIPT_EMAIL'); // switched off above
    expect(options.templates.find((template) => template.code === 'REMINDER_SMS')).toMatchObject({
      name: 'Påminnelse (SMS)',
      category: 'reminder',
      channel: 'sms',
    });
    expect(options.channels).toEqual([
      { channel: 'email', channel_label: 'E-post', recipient: 'options@example.se', opted_out: true, unavailable_reason: null, simulated: true },
      {
        channel: 'sms',
        channel_label: 'SMS',
        recipient: null,
        opted_out: false,
        unavailable_reason: 'Ingen e-postadress/telefonnummer finns för gäldenären',
        simulated: true,
      },
      { channel: 'letter', channel_label: 'Brev', recipient: 'Storgatan 1, 111 22 Stockholm', opted_out: false, unavailable_reason: null, simulated: true },
      {
        channel: 'kivra',
        channel_label: 'Kivra',
        recipient: null,
        opted_out: false,
        unavailable_reason: 'Inget personnummer eller organisationsnummer finns för gäldenären',
        // The recording stand-in of these tests; the real directory's answer is in channel-settings.api.test.ts.
        simulated: true,
      },
    ]);
  });
});

describe("the organisation's sending hours", () => {
  it('are set, checked and cleared through the organisation settings, with an audit row', async () => {
    const patch = (body: unknown) => api.request('PATCH', base(), { token: admin.token, body });
    const saved = await expectBody(await patch({ send_hours: { days: [5, 1, 3], start: '09:00', end: '17:30' } }), 200, organisationResponseSchema);
    expect(saved.settings.send_hours).toEqual({ days: [1, 3, 5], start: '09:00', end: '17:30' });
    expect((await auditRows(api, admin.org_id, 'organisation.updated')).at(-1)!.payload).toEqual({
      changed: { send_hours: { days: [1, 3, 5], start: '09:00', end: '17:30' } },
    });
    const refused = await expectRefusal(() => patch({ send_hours: { days: [1], start: '20:00', end: '08:00' } }), 400, 'VALIDATION_FAILED');
    expect(refused).toBe('Sluttiden måste vara efter starttiden');
    await expectRefusal(() => patch({ send_hours: { days: [], start: '08:00', end: '20:00' } }), 400, 'VALIDATION_FAILED');
    const cleared = await expectBody(await patch({ send_hours: null }), 200, organisationResponseSchema);
    expect(cleared.settings.send_hours).toBeUndefined();
  });
});

describe('history', () => {
  it("lists the case's messages and the organisation's, filters by status and channel, and pages by cursor", async () => {
    const caseId = await openCase();
    const a = await send(caseId, { template: 'GDPR_INFO_EMAIL' });
    const b = await send(caseId, { template: 'REMINDER_SMS' });
    const c = await send(caseId, { template: 'REMINDER_LETTER' });
    await api.request('POST', `${base()}/communications/${b.id}/cancel`, { token: handler.token });
    const ofCase = await expectBody(
      await api.request('GET', `${base()}/cases/${caseId}/communications`, { token: admin.token }),
      200,
      communicationListResponseSchema,
    );
    expect(ofCase.items.map((item) => item.id)).toEqual([c.id, b.id, a.id]);
    expect(ofCase.items[0]).toMatchObject({ case_reference: expect.stringMatching(/^F-/), debtor_name: 'Anna Andersson', template_name: 'Påminnelse (brev)' });
    const page1 = await expectBody(
      await api.request('GET', `${base()}/cases/${caseId}/communications?limit=2`, { token: admin.token }),
      200,
      communicationListResponseSchema,
    );
    expect(page1.items.map((item) => item.id)).toEqual([c.id, b.id]);
    const page2 = await expectBody(
      await api.request('GET', `${base()}/cases/${caseId}/communications?limit=2&cursor=${page1.next_cursor}`, { token: admin.token }),
      200,
      communicationListResponseSchema,
    );
    expect(page2).toEqual({ items: [expect.objectContaining({ id: a.id })], next_cursor: null });
    const cancelled = await expectBody(
      await api.request('GET', `${base()}/communications?status=cancelled&case_id=${caseId}`, { token: admin.token }),
      200,
      communicationListResponseSchema,
    );
    expect(cancelled.items.map((item) => item.id)).toEqual([b.id]);
    const queued = await expectBody(
      await api.request('GET', `${base()}/communications?status=pending,queued&channel=letter&case_id=${caseId}`, { token: admin.token }),
      200,
      communicationListResponseSchema,
    );
    expect(queued.items.map((item) => item.id)).toEqual([c.id]);
    await expectError(await api.request('GET', `${base()}/communications?status=lost`, { token: admin.token }), 400, 'VALIDATION_FAILED');
    await expectError(await api.request('GET', `${base()}/communications?cursor=nonsense`, { token: admin.token }), 400, 'VALIDATION_FAILED');
  });

  it('lets finance and legal read the history but not send; a client sees none of it', async () => {
    const caseId = await openCase();
    for (const role of ['finance', 'legal'] as const) {
      const member = await createMember(api, admin, role);
      expect((await api.request('GET', `${base()}/communications`, { token: member.token })).status).toBe(200);
      await expectRefusal(
        () => api.request('POST', `${base()}/cases/${caseId}/communications`, { token: member.token, body: { template: 'GDPR_INFO_EMAIL' } }),
        403,
        'FORBIDDEN',
      );
    }
    const client = await createMember(api, admin, 'client', creditorId);
    await expectError(await api.request('GET', `${base()}/cases/${caseId}/communications`, { token: client.token }), 403, 'FORBIDDEN');
  });
});

describe('cancel, resend and change channel', () => {
  it('cancels a pending message and its delivery, and the worker then leaves it alone', async () => {
    const caseId = await openCase();
    const sent = await send(caseId, { template: 'GDPR_INFO_EMAIL', channel: 'letter' });
    const cancelled = await expectBody(
      await api.request('POST', `${base()}/communications/${sent.id}/cancel`, { token: handler.token }),
      200,
      communicationResponseSchema,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', status_label: 'Avbruten', delivery: { status: 'cancelled' }, actions: { can_cancel: false } });
    expect((await auditRows(api, admin.org_id, 'communication.cancelled')).at(-1)).toMatchObject({ entity_id: sent.id, payload: { from: 'pending' } });
    const calls = channels.calls.length;
    await runDeliveriesUntilIdle(api.ctx);
    expect(channels.calls.filter((call) => call.id === sent.id)).toHaveLength(0);
    expect(channels.calls.length).toBeGreaterThanOrEqual(calls);
    await expectRefusal(
      () => api.request('POST', `${base()}/communications/${sent.id}/cancel`, { token: handler.token }),
      422,
      'INVALID_COMMUNICATION_TRANSITION',
    );
  });

  it('refuses to cancel a message that went out, or one being handed to the provider', async () => {
    await at(MONDAY_10);
    const caseId = await openCase();
    const sent = await send(caseId, { template: 'GDPR_INFO_EMAIL' });
    await runDeliveriesUntilIdle(api.ctx);
    expect((await message(sent.id)).status).toBe('sent');
    await expectRefusal(
      () => api.request('POST', `${base()}/communications/${sent.id}/cancel`, { token: handler.token }),
      422,
      'INVALID_COMMUNICATION_TRANSITION',
    );
    const other = await send(caseId, { template: 'REMINDER_EMAIL' });
    await api.sql("UPDATE comm_deliveries SET status = 'queued', next_retry_at = ? WHERE communication_id = ?", '2026-11-23T09:02:00.000Z', other.id);
    await api.sql("UPDATE communications SET status = 'queued' WHERE id = ?", other.id);
    expect((await message(other.id)).actions.can_cancel).toBe(false);
    await expectRefusal(() => api.request('POST', `${base()}/communications/${other.id}/cancel`, { token: handler.token }), 409, 'CONFLICT');
    await at(START);
  });

  it("resends a failed message with a new delivery round ('Skicka igen')", async () => {
    await at(MONDAY_10);
    channels.answerWith(() => ({ kind: 'rejected', provider: 'test', detail: '550 okänd mottagare', permanent: true }));
    const caseId = await openCase();
    const sent = await send(caseId, { template: 'GDPR_INFO_EMAIL' });
    await runDeliveriesUntilIdle(api.ctx);
    const failed = await message(sent.id);
    expect(failed).toMatchObject({ status: 'failed', status_label: 'Misslyckad', actions: { can_resend: true, can_change_channel: true, can_cancel: false } });
    channels.answerWith((m) => ({ kind: 'accepted', provider: 'test', provider_message_id: m.id, status: 'sent' }));
    const resent = await expectBody(
      await api.request('POST', `${base()}/communications/${sent.id}/resend`, { token: handler.token }),
      200,
      communicationResponseSchema,
    );
    expect(resent).toMatchObject({ status: 'pending', body: sent.body, delivery: { status: 'pending', attempts: 0 } });
    expect((await auditRows(api, admin.org_id, 'communication.resent')).at(-1)).toMatchObject({ entity_id: sent.id, payload: { from: 'failed' } });
    await runDeliveriesUntilIdle(api.ctx);
    const delivered = await message(sent.id);
    expect(delivered.status).toBe('sent');
    expect(delivered.deliveries.map((d) => d.status)).toEqual(['sent', 'failed']);
    await expectRefusal(
      () => api.request('POST', `${base()}/communications/${sent.id}/resend`, { token: handler.token }),
      422,
      'INVALID_COMMUNICATION_TRANSITION',
    );
    await at(START);
  });

  it("moves a failed Kivra message to a letter and a failed e-mail to SMS ('Byt kanal'), each with that channel's link", async () => {
    await at(MONDAY_10);
    channels.answerWith((m) =>
      m.channel === 'kivra' || m.channel === 'email'
        ? { kind: 'rejected', provider: 'test', detail: 'Ingen brevlåda', permanent: true }
        : { kind: 'accepted', provider: 'test', provider_message_id: m.id, status: 'sent' },
    );
    const caseId = await openCase();
    await api.sql("UPDATE parties SET national_id = '198112182285' WHERE id = (SELECT party_id FROM cases WHERE id = ?)", caseId);
    const kivra = await send(caseId, { template: 'GDPR_INFO_LETTER', channel: 'kivra' });
    const email = await send(caseId, { template: 'REMINDER_EMAIL' });
    await runDeliveriesUntilIdle(api.ctx);
    expect((await message(kivra.id)).change_channel_to).toEqual(['letter']);
    const letter = await expectBody(
      await api.request('POST', `${base()}/communications/${kivra.id}/change-channel`, { token: handler.token, body: {} }),
      200,
      communicationResponseSchema,
    );
    expect(letter).toMatchObject({
      channel: 'letter',
      recipient: 'Storgatan 1, 111 22 Stockholm',
      status: 'pending',
      subject: 'Information om hur vi behandlar dina personuppgifter',
    });
    const sms = await expectBody(
      await api.request('POST', `${base()}/communications/${email.id}/change-channel`, { token: handler.token, body: { channel: 'sms' } }),
      200,
      communicationResponseSchema,
    );
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+46701234567', subject: null, unsubscribe_link_included: true });
    expect(sms.body).toMatch(/\n\nAvregistrera: http:\/\/localhost:3000\/avregistrera\/[\w-]{43}$/);
    expect(sms.body).not.toContain('Avregistrera dig här');
    expect((await auditRows(api, admin.org_id, 'communication.channel_changed')).at(-1)).toMatchObject({
      entity_id: email.id,
      payload: { from: 'email', to: 'sms' },
    });
    await runDeliveriesUntilIdle(api.ctx);
    expect((await message(kivra.id)).status).toBe('sent');
    expect((await message(email.id)).status).toBe('sent');
    await expectRefusal(
      () => api.request('POST', `${base()}/communications/${email.id}/change-channel`, { token: handler.token, body: { channel: 'letter' } }),
      422,
      'INVALID_COMMUNICATION_TRANSITION',
    );
    channels.answerWith((m) => ({ kind: 'accepted', provider: 'test', provider_message_id: m.id, status: 'sent' }));
    await at(START);
  });

  it('refuses a channel the message cannot move to, or a debtor without that contact', async () => {
    await at(MONDAY_10);
    channels.answerWith(() => ({ kind: 'rejected', provider: 'test', detail: 'nej', permanent: true }));
    const caseId = await openCase({ email: 'anna@example.se' });
    const sent = await send(caseId, { template: 'GDPR_INFO_EMAIL' });
    await runDeliveriesUntilIdle(api.ctx);
    const move = (body: unknown) => () => api.request('POST', `${base()}/communications/${sent.id}/change-channel`, { token: handler.token, body });
    await expectRefusal(move({ channel: 'kivra' }), 400, 'VALIDATION_FAILED');
    await expectRefusal(move({ channel: 'sms' }), 422, 'NO_CONTACT_FOR_CHANNEL');
    channels.answerWith((m) => ({ kind: 'accepted', provider: 'test', provider_message_id: m.id, status: 'sent' }));
    await at(START);
  });
});
