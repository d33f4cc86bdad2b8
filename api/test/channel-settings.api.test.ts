import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelClientFor,
  channelSettingSchema,
  channelSettingsResponseSchema,
  communicationSendOptionsSchema,
  printBatchSchema,
  printQueueResponseSchema,
  simulatedMessagesResponseSchema,
} from '@fordran/services';
import { allRowCounts, auditRows, createMember, createTestApi, createUser, expectBody, expectError, type TestUser } from './helpers';
import { insertCase, insertCreditor, insertParty, insertQueuedLetter } from './fixtures';

/*
 * /settings/communication over HTTP: the channels and what sends them, saving a provider with
 * credentials that are encrypted at rest and never returned, validation that changes nothing,
 * roles; the local stand-ins' messages; the letter print queue.
 */

const api = await createTestApi();
let admin: TestUser;
let handler: TestUser;
let caseId: string;
const ELKS_PASSWORD = 'elks-hemligt-lösen-4711';

const settingsPath = () => `/api/orgs/${admin.org_id}/channel-settings`;
const elksBody = {
  provider: '46elks',
  is_active: true,
  sandbox: false,
  options: { username: 'u0123456789abcdef', sender_name: 'Kravbyran' },
  credentials: { password: ELKS_PASSWORD },
};

beforeAll(async () => {
  admin = await createUser(api, { name: 'Admin' });
  handler = await createMember(api, admin, 'handler');
  caseId = await insertCase(api, admin.org_id, {
    creditorId: await insertCreditor(api, admin.org_id),
    partyId: await insertParty(api, admin.org_id),
    status: 'active',
    outstandingOre: 100000,
    dueDate: '2026-10-01',
    createdAt: api.clock.now(),
  });
});
afterAll(() => api.close());

describe('GET /channel-settings', () => {
  it('names all four channels; with nothing configured each runs on the server default, three of them simulated', async () => {
    const body = await expectBody(await api.request('GET', settingsPath(), { token: admin.token }), 200, channelSettingsResponseSchema);
    expect(body.channels.map((channel) => [channel.channel, channel.label, channel.id, channel.effective])).toEqual([
      ['email', 'E-post', null, { provider: 'outbox', simulated: true, source: 'server' }],
      ['sms', 'SMS', null, { provider: '46elks', simulated: true, source: 'server' }],
      ['letter', 'Brev', null, { provider: 'manual', simulated: false, source: 'server' }],
      ['kivra', 'Kivra', null, { provider: 'kivra', simulated: true, source: 'server' }],
    ]);
    expect(body.providers.sms.map((provider) => provider.provider)).toEqual(['46elks', 'twilio']);
    expect(body.providers.letter.map((provider) => provider.provider)).toEqual(['manual', 'printpartner']);
    expect(body.providers.email[0]!.secrets).toEqual([expect.objectContaining({ name: 'password', kind: 'secret' })]);
  });
});

describe('PUT /channel-settings/{channel}', () => {
  it('saves the provider; the credentials are sealed at rest and come back only as set and masked', async () => {
    const saved = await expectBody(await api.request('PUT', `${settingsPath()}/sms`, { token: admin.token, body: elksBody }), 200, channelSettingSchema);
    expect(saved).toMatchObject({
      channel: 'sms',
      provider: '46elks',
      is_active: true,
      sandbox: false,
      options: { username: 'u0123456789abcdef', sender_name: 'Kravbyran' },
      credentials: [{ field: 'password', label: 'API-lösenord', set: true, masked: '••••••••' }],
      credentials_readable: true,
      effective: { provider: '46elks', simulated: false, source: 'organisation' },
    });

    const listed = await api.request('GET', settingsPath(), { token: admin.token });
    expect(await listed.text()).not.toContain(ELKS_PASSWORD);
    const [row] = await api.sql<{ credentials_json: string }>(
      "SELECT credentials_json FROM comm_channels_settings WHERE org_id = ? AND channel = 'sms'",
      admin.org_id,
    );
    expect(row!.credentials_json).not.toContain(ELKS_PASSWORD);
    expect(JSON.parse(row!.credentials_json)).toMatchObject({ options: { sender_name: 'Kravbyran' }, secrets: { v: 1 } });

    const [audit] = (await auditRows(api, admin.org_id, 'channel_settings.updated')).slice(-1);
    expect(audit).toMatchObject({
      actor_id: admin.user_id,
      entity: 'comm_channels_settings',
      payload: { channel: 'sms', provider: '46elks', credentials_changed: ['password'] },
    });
    expect(JSON.stringify(audit)).not.toContain(ELKS_PASSWORD);
  });

  it('a save without credentials keeps the stored ones; null removes one', async () => {
    const kept = await expectBody(
      await api.request('PUT', `${settingsPath()}/sms`, {
        token: admin.token,
        body: { ...elksBody, credentials: {}, options: { ...elksBody.options, sender_name: 'Inkasso' } },
      }),
      200,
      channelSettingSchema,
    );
    expect(kept.credentials[0]).toMatchObject({ set: true });
    expect(kept.options.sender_name).toBe('Inkasso');
    const removed = await expectBody(
      await api.request('PUT', `${settingsPath()}/sms`, { token: admin.token, body: { ...elksBody, is_active: false, credentials: { password: null } } }),
      200,
      channelSettingSchema,
    );
    expect(removed.credentials[0]).toMatchObject({ set: false, masked: null });
    expect(removed.effective).toEqual({ provider: '46elks', simulated: true, source: 'server' });
  });

  it.each([
    ['a sender name over 11 letters', { options: { ...elksBody.options, sender_name: 'Kravbyranen' + 'X' } }, 'options.sender_name', 'högst 11 bokstäver'],
    ['a sender name with a space', { options: { ...elksBody.options, sender_name: 'Krav AB' } }, 'options.sender_name', 'bokstäverna A–Z'],
    ['a provider the channel has not', { provider: 'sendgrid' }, 'provider', 'Leverantören finns inte för SMS'],
    ['an option the provider has not', { options: { ...elksBody.options, host: 'x' } }, 'options.host', 'ingen inställning host'],
    ['a credential the provider has not', { credentials: { api_key: 'x' } }, 'credentials.api_key', 'ingen inloggningsuppgift api_key'],
    ['active for real without the password', { credentials: { password: null } }, 'credentials.password', 'API-lösenord krävs för att skicka på riktigt'],
    ['active for real without the username', { options: { sender_name: 'Kravbyran' } }, 'options.username', 'API-användarnamn krävs'],
  ])('refuses %s with the field named, and changes nothing', async (_label, change, field, message) => {
    const before = await allRowCounts(api);
    const stored = await api.sql('SELECT * FROM comm_channels_settings WHERE org_id = ?', admin.org_id);
    const error = await expectError(
      await api.request('PUT', `${settingsPath()}/sms`, { token: admin.token, body: { ...elksBody, ...change } }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.message).toContain(message);
    expect(error.details).toMatchObject({ field });
    expect(await allRowCounts(api)).toEqual(before);
    expect(await api.sql('SELECT * FROM comm_channels_settings WHERE org_id = ?', admin.org_id)).toEqual(stored);
  });

  it('refuses a channel that does not exist and a body without the switches', async () => {
    await expectError(await api.request('PUT', `${settingsPath()}/fax`, { token: admin.token, body: elksBody }), 400, 'VALIDATION_FAILED');
    await expectError(await api.request('PUT', `${settingsPath()}/sms`, { token: admin.token, body: { provider: '46elks' } }), 400, 'VALIDATION_FAILED');
  });

  it('sandbox mode needs no credentials and runs on the local simulator', async () => {
    const saved = await expectBody(
      await api.request('PUT', `${settingsPath()}/email`, {
        token: admin.token,
        body: { provider: 'sendgrid', is_active: true, sandbox: true, options: { from_address: 'krav@byran.se' } },
      }),
      200,
      channelSettingSchema,
    );
    expect(saved.effective).toEqual({ provider: 'sendgrid', simulated: true, source: 'organisation' });
  });

  it('only an admin reads or changes the settings (a handler gets 403)', async () => {
    await expectError(await api.request('GET', settingsPath(), { token: handler.token }), 403, 'FORBIDDEN');
    await expectError(await api.request('PUT', `${settingsPath()}/sms`, { token: handler.token, body: elksBody }), 403, 'FORBIDDEN');
    await expectError(await api.request('GET', `${settingsPath()}/email/simulated-messages`, { token: handler.token }), 403, 'FORBIDDEN');
  });
});

describe('what the local stand-ins received', () => {
  it('lists the outbox’s messages newest first and downloads the .eml; another channel’s or a made-up id is 404', async () => {
    await api.request('PUT', `${settingsPath()}/email`, { token: admin.token, body: { provider: 'smtp', is_active: false, sandbox: true, options: {} } });
    const client = await channelClientFor(api.ctx, admin.org_id, 'email');
    const ids = ['0193f1c2-0000-7000-8000-0000000000a1', '0193f1c2-0000-7000-8000-0000000000a2'];
    for (const id of ids) {
      await client.send({
        id,
        org_id: admin.org_id,
        channel: 'email',
        recipient: 'asa@example.se',
        subject: 'Påminnelse',
        body: 'Hej Åsa!',
        unsubscribe_url: null,
      });
    }
    const listed = await expectBody(
      await api.request('GET', `${settingsPath()}/email/simulated-messages`, { token: admin.token }),
      200,
      simulatedMessagesResponseSchema,
    );
    expect(listed.items.map((item) => item.id)).toEqual([...ids].reverse());
    expect(listed.items[0]).toMatchObject({ to: 'asa@example.se', subject: 'Påminnelse', provider: 'outbox', has_file: true });

    const download = await api.request('GET', `${settingsPath()}/email/simulated-messages/${ids[0]}/file`, { token: admin.token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('message/rfc822');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${ids[0]}.eml"`);
    expect(await download.text()).toContain('Subject: =?UTF-8?Q?P=C3=A5minnelse?=');
    await expectError(await api.request('GET', `${settingsPath()}/sms/simulated-messages/${ids[0]}/file`, { token: admin.token }), 404, 'NOT_FOUND');
    await expectError(
      await api.request('GET', `${settingsPath()}/email/simulated-messages/${crypto.randomUUID()}/file`, { token: admin.token }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('the print queue', () => {
  it('lists waiting letters; a batch is one PDF to download, the letters leave the queue; an empty queue is 409', async () => {
    const letters = [await insertQueuedLetter(api, admin.org_id, caseId, 'Åsa Öberg'), await insertQueuedLetter(api, admin.org_id, caseId, 'Bo Ek')];
    const queue = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/print-queue`, { token: handler.token }), 200, printQueueResponseSchema);
    expect(queue.letters.map((letter) => letter.id)).toEqual(letters);

    const single = await api.request('GET', `/api/orgs/${admin.org_id}/print-queue/letters/${letters[0]}/pdf`, { token: handler.token });
    expect(single.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await single.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const batch = await expectBody(await api.request('POST', `/api/orgs/${admin.org_id}/print-queue/batches`, { token: handler.token }), 201, printBatchSchema);
    expect(batch).toMatchObject({ count: 2, created_by: handler.user_id });
    const pdf = await api.request('GET', `/api/orgs/${admin.org_id}/print-queue/batches/${batch.id}/pdf`, { token: handler.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="utskriftsbunt-${batch.id}.pdf"`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await api.sql("SELECT DISTINCT status FROM communications WHERE org_id = ? AND channel = 'letter'", admin.org_id)).toEqual([{ status: 'sent' }]);
    expect((await auditRows(api, admin.org_id, 'print_batch.created')).at(-1)).toMatchObject({
      actor_id: handler.user_id,
      payload: { count: 2, communication_ids: letters },
    });

    const after = await expectBody(await api.request('GET', `/api/orgs/${admin.org_id}/print-queue`, { token: admin.token }), 200, printQueueResponseSchema);
    expect(after.letters).toEqual([]);
    expect(after.batches.map((listed) => listed.id)).toEqual([batch.id]);

    const before = await allRowCounts(api);
    const empty = await expectError(await api.request('POST', `/api/orgs/${admin.org_id}/print-queue/batches`, { token: admin.token }), 409, 'CONFLICT');
    expect(empty.message).toBe('Det finns inga brev i utskriftskön');
    expect(await allRowCounts(api)).toEqual(before);
  });

  it('a batch or letter that is not there is 404; roles without letters.print get 403', async () => {
    await expectError(
      await api.request('GET', `/api/orgs/${admin.org_id}/print-queue/batches/${crypto.randomUUID()}/pdf`, { token: admin.token }),
      404,
      'NOT_FOUND',
    );
    await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/print-queue/letters/../../secret/pdf`, { token: admin.token }), 404, 'NOT_FOUND');
    const finance = await createMember(api, admin, 'finance');
    await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/print-queue`, { token: finance.token }), 403, 'FORBIDDEN');
    await expectError(await api.request('POST', `/api/orgs/${admin.org_id}/print-queue/batches`, { token: finance.token }), 403, 'FORBIDDEN');
    const letter = await insertQueuedLetter(api, admin.org_id, caseId);
    await expectError(await api.request('GET', `/api/orgs/${admin.org_id}/print-queue/letters/${letter}/pdf`, { token: finance.token }), 403, 'FORBIDDEN');
  });
});

describe("the send dialog's simulation badge", () => {
  it('the send options say per channel what /channel-settings says: simulated while a stand-in sends it', async () => {
    const simulatedOptions = async () => {
      const options = await expectBody(
        await api.request('GET', `/api/orgs/${admin.org_id}/cases/${caseId}/communications/options`, { token: handler.token }),
        200,
        communicationSendOptionsSchema,
      );
      return Object.fromEntries(options.channels.map((channel) => [channel.channel, channel.simulated]));
    };
    const settings = async () => {
      const body = await expectBody(await api.request('GET', settingsPath(), { token: admin.token }), 200, channelSettingsResponseSchema);
      return Object.fromEntries(body.channels.map((channel) => [channel.channel, channel.effective.simulated]));
    };
    await api.request('PUT', `${settingsPath()}/sms`, { token: admin.token, body: { ...elksBody, sandbox: true } });
    expect(await simulatedOptions()).toEqual({ email: true, sms: true, letter: false, kivra: true });
    expect(await simulatedOptions()).toEqual(await settings());

    // The organisation's own 46elks account, out of sandbox: SMS is real from now on.
    await expectBody(await api.request('PUT', `${settingsPath()}/sms`, { token: admin.token, body: elksBody }), 200, channelSettingSchema);
    expect(await simulatedOptions()).toEqual({ email: true, sms: false, letter: false, kivra: true });
    expect(await simulatedOptions()).toEqual(await settings());
  });
});
