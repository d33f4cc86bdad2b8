import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { upsertCommChannelSettingRow } from '@fordran/store';
import { createManualClock, operatorContext, signUp, type AppContext, type OrgScope } from '../..';
import { openTestApp, type TestApp } from '../../testing/test-app';
import { readMail } from '../../../test/channels/mail-reading';
import { startSmtpCapture, type SmtpCapture } from '../../../test/channels/smtp-capture';
import { channelClientFor, type OutgoingMessage } from './channel';
import { channelDirectoryConfigFromEnv, createChannelDirectory, DEFAULT_MAIL_FROM, type DefaultChannelDirectory } from './channel-directory';
import { sealCredentials } from './settings/credentials-cipher';
import { updateChannelSetting } from './settings/channel-settings';
import { listSimulatedChannelMessages } from './settings/simulated-message-files';
import { startProviderSimulator, type ProviderSimulator } from './simulator/provider-simulator';

/*
 * The default channel directory as openAppContext installs it: the server's defaults (outbox,
 * in-process simulator, print queue, FORDRAN_SMTP_URL), an organisation's active setting with its
 * decrypted credentials, sandbox mode, and a setting whose credentials no longer open.
 */

let testApp: TestApp | undefined;
let app: AppContext;
let ctx: OrgScope;
let orgId: string;
let counter = 0;

function message(channel: OutgoingMessage['channel'], recipient: string): OutgoingMessage {
  counter += 1;
  return {
    id: `0193f1c2-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    org_id: orgId,
    channel,
    recipient,
    subject: 'Påminnelse om betalning',
    body: 'Hej Åsa! Betala 1 234,50 kr senast 2026-12-02.',
    unsubscribe_url: channel === 'email' || channel === 'sms' ? 'https://fordran.example/u/tok' : null,
  };
}

async function openApp(options: Parameters<typeof openTestApp>[0] = {}) {
  const opened = await openTestApp({ clock: createManualClock('2026-11-22T09:00:00.000Z'), smtpUrl: null, ...options });
  testApp = opened;
  app = opened.app;
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = await operatorContext(app, 'Karin Lindqvists organisation');
  orgId = ctx.membership.org_id;
}

describe('FORDRAN_SMTP_URL and FORDRAN_MAIL_FROM', () => {
  it('are read from the environment; unset or empty means the outbox and the default sender', () => {
    expect(channelDirectoryConfigFromEnv({})).toEqual({ smtp: null, mailFrom: DEFAULT_MAIL_FROM });
    expect(channelDirectoryConfigFromEnv({ FORDRAN_SMTP_URL: ' ', FORDRAN_MAIL_FROM: '' })).toEqual({ smtp: null, mailFrom: DEFAULT_MAIL_FROM });
    expect(channelDirectoryConfigFromEnv({ FORDRAN_SMTP_URL: 'smtps://krav:x@smtp.byran.se:465', FORDRAN_MAIL_FROM: 'Byrån <krav@byran.se>' })).toEqual({
      smtp: 'smtps://krav:x@smtp.byran.se:465',
      mailFrom: 'Byrån <krav@byran.se>',
    });
  });

  it('a URL that is no SMTP URL stops the start with what to write', () => {
    expect(() => channelDirectoryConfigFromEnv({ FORDRAN_SMTP_URL: 'smtp.byran.se:587' })).toThrow(/måste börja med smtp:\/\/ eller smtps:\/\//);
  });
});

afterEach(async () => {
  if (!testApp) return;
  await testApp.close();
  testApp = undefined;
});

describe('the server defaults, when the organisation configured nothing', () => {
  beforeEach(() => openApp());

  it('e-mail goes to the local outbox: the .eml is stored and listed as simulated', async () => {
    const client = await channelClientFor(app, orgId, 'email');
    expect([client.provider, client.simulated]).toEqual(['outbox', true]);
    const sent = message('email', 'asa@example.se');
    expect(await client.send(sent)).toMatchObject({ kind: 'accepted', provider: 'outbox', status: 'sent' });
    const eml = await app.files.get(`orgs/${orgId}/outbox/${sent.id}.eml`);
    const mail = readMail(new TextDecoder().decode(eml!.bytes));
    expect(mail.header('subject')).toBe('Påminnelse om betalning');
    expect(mail.header('from')).toBe('Fordran <no-reply@fordran.local>');
    expect(mail.header('list-unsubscribe')).toContain('https://fordran.example/u/tok');
    const listed = await listSimulatedChannelMessages(ctx, 'email');
    expect(listed.items).toEqual([expect.objectContaining({ id: sent.id, to: 'asa@example.se', provider: 'outbox', has_file: true })]);
  });

  it('SMS goes through the real 46elks client to the simulator the app starts on first use', async () => {
    const client = await channelClientFor(app, orgId, 'sms');
    expect([client.provider, client.simulated]).toEqual(['46elks', true]);
    expect(await client.send(message('sms', '070-123 45 67'))).toMatchObject({ kind: 'accepted', provider: '46elks' });
    const directory = app.providers!.channels as DefaultChannelDirectory;
    const simulator = (await directory.simulator()) as ProviderSimulator;
    expect(simulator.received.at(-1)).toMatchObject({ provider: '46elks', to: '+46701234567', from: 'Fordran' });
    expect((await listSimulatedChannelMessages(ctx, 'sms')).items[0]).toMatchObject({ to: '070-123 45 67', from: 'Fordran', provider: '46elks' });
  });

  it('Kivra is simulated too, with the letter fallback; letters go to the print queue (nothing simulated about it)', async () => {
    const kivra = await channelClientFor(app, orgId, 'kivra');
    expect([kivra.provider, kivra.simulated]).toEqual(['kivra', true]);
    const letter = await channelClientFor(app, orgId, 'letter');
    expect([letter.provider, letter.simulated]).toEqual(['manual', false]);
    expect(await letter.send(message('letter', 'Storgatan 1, 123 45 Småstad'))).toMatchObject({
      status: 'queued',
      rendered_pdf_key: expect.stringMatching(/^orgs\/.+\/letters\/.+\.pdf$/),
    });
  });
});

describe('the server’s SMTP server (FORDRAN_SMTP_URL)', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());
  beforeEach(() => openApp({ smtpUrl: smtp.url(), mailFrom: 'Inkassobyrån <krav@byran.se>' }));

  it('sends real e-mail, not simulated, from FORDRAN_MAIL_FROM', async () => {
    const client = await channelClientFor(app, orgId, 'email');
    expect([client.provider, client.simulated]).toEqual(['smtp', false]);
    const sent = message('email', 'asa@example.se');
    expect(await client.send(sent)).toMatchObject({ kind: 'accepted', provider: 'smtp' });
    const mail = readMail(smtp.arrived.at(-1)!.raw);
    expect(mail.header('message-id')).toBe(`<${sent.id}@byran.se>`);
    expect(mail.body).toContain('Hej Åsa! Betala 1 234,50 kr senast 2026-12-02.');
  });
});

describe('an organisation’s own settings', () => {
  let provider: ProviderSimulator;
  beforeAll(async () => {
    // Plays the real 46elks: the organisation's credentials must reach it.
    provider = await startProviderSimulator({ credentials: { username: 'u0123456789abcdef0123456789abcdef', password: 'elks-lösen' } });
  });
  afterAll(() => provider.close());
  beforeEach(() =>
    openApp({
      providers: {
        channels: createChannelDirectory({
          baseUrls: { elks: provider.url, sendgrid: provider.url, twilio: provider.url, kivra: provider.url, printpartner: provider.url },
        }),
      },
    }),
  );

  const elks = {
    provider: '46elks',
    options: { username: 'u0123456789abcdef0123456789abcdef', sender_name: 'Kravbyran' },
    credentials: { password: 'elks-lösen' },
  };

  it('an active setting sends with its decrypted credentials and sender name, for real', async () => {
    await updateChannelSetting(ctx, 'sms', { ...elks, is_active: true, sandbox: false });
    const client = await channelClientFor(app, orgId, 'sms');
    expect([client.provider, client.simulated]).toEqual(['46elks', false]);
    expect(await client.send(message('sms', '0707654321'))).toMatchObject({ kind: 'accepted' });
    expect(provider.received.at(-1)).toMatchObject({ to: '+46707654321', from: 'Kravbyran' });
  });

  it('sandbox mode uses the same provider against the local simulator: nothing reaches the provider', async () => {
    await updateChannelSetting(ctx, 'sms', { ...elks, is_active: true, sandbox: true });
    const client = await channelClientFor(app, orgId, 'sms');
    expect([client.provider, client.simulated]).toEqual(['46elks', true]);
    const before = provider.received.length;
    expect(await client.send(message('sms', '0707654321'))).toMatchObject({ kind: 'accepted' });
    expect(provider.received.length).toBe(before);
    expect((await listSimulatedChannelMessages(ctx, 'sms')).items[0]).toMatchObject({ from: 'Kravbyran' });
  });

  it('an inactive setting leaves the server default in charge; a change of setting gives a new client', async () => {
    await updateChannelSetting(ctx, 'sms', {
      ...elks,
      provider: 'twilio',
      options: { account_sid: `AC${'a'.repeat(32)}`, sender_name: 'Kravbyran' },
      credentials: {},
      is_active: false,
      sandbox: false,
    });
    expect((await channelClientFor(app, orgId, 'sms')).simulated).toBe(true);
    await updateChannelSetting(ctx, 'sms', { ...elks, is_active: true, sandbox: false });
    expect((await channelClientFor(app, orgId, 'sms')).simulated).toBe(false);
  });

  it('credentials that no longer open (another server secret) refuse every message, retried, with what to do', async () => {
    const now = app.clock.now();
    await app.database.transaction((tx) =>
      upsertCommChannelSettingRow(tx, {
        org_id: orgId,
        channel: 'sms',
        provider: '46elks',
        credentials_json: {
          options: elks.options,
          secrets: sealCredentials('en-annan-hemlighet-0123456789abcdef', { org_id: orgId, channel: 'sms' }, { password: 'x' }),
        },
        is_active: true,
        sandbox: false,
        created_at: now,
        updated_at: now,
      }),
    );
    const outcome = await (await channelClientFor(app, orgId, 'sms')).send(message('sms', '0707654321'));
    expect(outcome).toMatchObject({ kind: 'rejected', permanent: false, detail: expect.stringContaining('spara dem igen') });
  });
});
