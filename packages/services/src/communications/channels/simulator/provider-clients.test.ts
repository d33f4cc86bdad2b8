import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ore } from '@fordran/core';
import { createLocalFileStorage, type FileStorage } from '@fordran/store';
import type { OutgoingMessage } from '../channel';
import { createSendGridClient } from '../email/sendgrid-client';
import { createKivraClient, kivraFallback, NO_KIVRA_MAILBOX, type KivraFallback } from '../kivra/kivra-client';
import { createPrintPartnerClient } from '../letter/printpartner-client';
import { createElksClient } from '../sms/elks-client';
import { createTwilioClient } from '../sms/twilio-client';
import { startProviderSimulator, type ProviderSimulator } from './provider-simulator';

/*
 * The real HTTP clients (46elks, Twilio, SendGrid, Kivra, the print partner) against the local
 * simulator of their contracts: what the provider receives, and what each answer means for
 * delivery (accepted, refused for good, retried, throttled on 429).
 */

let simulator: ProviderSimulator;
let clock = Date.parse('2026-11-22T09:00:00Z');
let dir: string;
let files: FileStorage;

beforeAll(async () => {
  simulator = await startProviderSimulator({
    maxRequestsPerSecond: 3,
    now: () => clock,
    hasKivraMailbox: (key) => !key.endsWith('0') && !key.includes('5560360793'),
  });
  dir = mkdtempSync(join(tmpdir(), 'fordran-channels-'));
  files = createLocalFileStorage(dir);
});
afterAll(async () => {
  await simulator.close();
  rmSync(dir, { recursive: true, force: true });
});
// Each test in its own second: the rate limit counts per second.
afterEach(() => {
  clock += 1000;
});

let counter = 0;
function message(channel: OutgoingMessage['channel'], overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  counter += 1;
  return {
    id: `0193f1c2-0000-7000-8000-${String(counter).padStart(12, '0')}`,
    org_id: 'org-1',
    channel,
    recipient: '070-123 45 67',
    subject: null,
    body: 'Hej! Din skuld på 1 234,50 kr förfaller 2026-12-02. Stoppa SMS: https://fordran.example/u/abc',
    unsubscribe_url: 'https://fordran.example/u/abc',
    ...overrides,
  };
}

const elks = (password = simulator.credentials.password) =>
  createElksClient({ baseUrl: simulator.url, username: simulator.credentials.username, password, senderName: 'Fordran' });
const twilio = (token = simulator.credentials.password) =>
  createTwilioClient({ baseUrl: simulator.url, accountSid: simulator.credentials.username, authToken: token, senderName: 'Fordran' });

describe('46elks', () => {
  it('sends form-encoded with Basic auth; the number goes out in E.164, the sender name as from', async () => {
    const outcome = await elks().send(message('sms'));
    expect(outcome).toMatchObject({ kind: 'accepted', provider: '46elks', status: 'sent' });
    const got = simulator.received.at(-1)!;
    expect(outcome.kind === 'accepted' && outcome.provider_message_id).toBe(got.id);
    expect(got).toMatchObject({ provider: '46elks', to: '+46701234567', from: 'Fordran', body: message('sms').body });
  });

  it('a number that is none is refused for good before any request', async () => {
    const before = simulator.received.length;
    expect(await elks().send(message('sms', { recipient: 'ring inte' }))).toMatchObject({
      kind: 'rejected',
      permanent: true,
      detail: 'Ogiltigt mobilnummer: ring inte',
    });
    expect(simulator.received.length).toBe(before);
  });

  it('wrong credentials (401) are retried later with the provider’s answer', async () => {
    expect(await elks('fel').send(message('sms'))).toMatchObject({ kind: 'rejected', permanent: false, detail: '46elks svarade 401: Unauthorized' });
  });

  it('over the rate limit: 429 → throttled with Retry-After', async () => {
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) outcomes.push(await elks().send(message('sms')));
    expect(outcomes.slice(0, 3).every((outcome) => outcome.kind === 'accepted')).toBe(true);
    expect(outcomes[3]).toEqual({ kind: 'throttled', provider: '46elks', detail: '46elks svarade 429: Too many requests', retry_after_seconds: 1 });
  });

  it('a long message goes whole in one request (46elks splits it into parts itself)', async () => {
    const body = 'Betala din skuld. '.repeat(20);
    const before = simulator.received.length;
    await elks().send(message('sms', { body }));
    expect(simulator.received.length).toBe(before + 1);
    expect(simulator.received.at(-1)!.body).toBe(body);
  });
});

describe('Twilio', () => {
  it('sends To/From/Body to the account’s Messages resource; 201 with the message SID', async () => {
    const outcome = await twilio().send(message('sms', { recipient: '+46 70 765 43 21' }));
    const got = simulator.received.at(-1)!;
    expect(outcome).toEqual({ kind: 'accepted', provider: 'twilio', provider_message_id: got.id, status: 'sent' });
    expect(got.id).toMatch(/^SM[0-9a-f]{32}$/);
    expect(got).toMatchObject({ provider: 'twilio', to: '+46707654321', from: 'Fordran' });
  });

  it('wrong Auth Token: Twilio’s 20003 Authenticate, retried later', async () => {
    expect(await twilio('fel').send(message('sms'))).toMatchObject({ kind: 'rejected', permanent: false, detail: 'twilio svarade 401: Authenticate' });
  });

  it('over the rate limit: 429 (20429) → throttled', async () => {
    const outcomes = [];
    for (let i = 0; i < 4; i += 1) outcomes.push(await twilio().send(message('sms')));
    expect(outcomes[3]).toMatchObject({ kind: 'throttled', provider: 'twilio', detail: 'twilio svarade 429: Too Many Requests', retry_after_seconds: 1 });
  });
});

describe('SendGrid', () => {
  const sendgrid = (apiKey = simulator.credentials.password) =>
    createSendGridClient({ baseUrl: simulator.url, apiKey, fromAddress: 'krav@nordiskinkasso.se', fromName: 'Nordisk Inkasso' });

  it('posts v3 mail/send with the Bearer key; 202 and X-Message-Id', async () => {
    const outcome = await sendgrid().send(message('email', { recipient: 'asa@example.se', subject: 'Påminnelse' }));
    const got = simulator.received.at(-1)!;
    expect(outcome).toEqual({ kind: 'accepted', provider: 'sendgrid', provider_message_id: got.id, status: 'sent' });
    expect(got).toMatchObject({ provider: 'sendgrid', to: 'asa@example.se', from: 'krav@nordiskinkasso.se', subject: 'Påminnelse' });
  });

  it('a request SendGrid refuses (400: no subject) fails for good with SendGrid’s message', async () => {
    const outcome = await sendgrid().send(message('email', { recipient: 'asa@example.se', subject: null }));
    expect(outcome).toMatchObject({ kind: 'rejected', permanent: true });
    expect(outcome.kind === 'rejected' && outcome.detail).toMatch(/^sendgrid svarade 400: The subject is required/);
  });

  it('a revoked key (401) is retried later', async () => {
    expect(await sendgrid('SG.fel').send(message('email', { recipient: 'asa@example.se', subject: 'Hej' }))).toMatchObject({
      kind: 'rejected',
      permanent: false,
    });
  });
});

describe('Kivra', () => {
  const sender = { name: 'Nordisk Inkasso AB', address_lines: ['Box 1', '111 22 Stockholm'], org_no: '556036-0793' };
  const kivra = (fallback: KivraFallback = 'letter') =>
    createKivraClient({
      baseUrl: simulator.url,
      clientId: simulator.credentials.username,
      clientSecret: simulator.credentials.password,
      tenantKey: '0123456789abcdef',
      fallback,
      files,
      sender,
      today: () => '2026-11-22',
    });
  const letter = (recipient: string) =>
    message('kivra', {
      recipient,
      subject: 'Inkassokrav',
      body: 'Betala senast 2026-12-02.',
      unsubscribe_url: null,
      letter: {
        address_lines: ['Åsa Öberg', 'Storgatan 1', '123 45 Småstad'],
        sender_name: 'Nordisk Inkasso AB',
        payment: { bankgiro: '5402-9681', ocr: '1234567897', amountOre: ore(123450), due_date: '2026-12-02' },
      },
    });

  it('a recipient with a mailbox gets the letter as a PDF: delivered, the PDF stored as the evidence', async () => {
    const outcome = await kivra().send(letter('19811218-9876'));
    expect(outcome).toMatchObject({ kind: 'accepted', provider: 'kivra', status: 'delivered' });
    const got = simulator.received.at(-1)!;
    expect(got).toMatchObject({ provider: 'kivra', to: '198112189876', subject: 'Inkassokrav' });
    const stored = await files.get((outcome as { rendered_pdf_key: string }).rendered_pdf_key);
    expect(Buffer.from(got.document!, 'base64').equals(Buffer.from(stored!.bytes))).toBe(true);
    expect(kivraFallback(outcome)).toBeNull();
  });

  it('no mailbox (the user match leaves the personnummer out): refused for good, falling back to letter', async () => {
    const before = simulator.received.length;
    const outcome = await kivra('letter').send(letter('19811218-9850'));
    expect(outcome).toEqual({
      kind: 'rejected',
      provider: 'kivra',
      detail: `${NO_KIVRA_MAILBOX}: skickas som brev`,
      permanent: true,
      fallback_channel: 'letter',
    });
    expect(kivraFallback(outcome)).toBe('letter');
    expect(simulator.received.length).toBe(before);
  });

  it('with fallback "none" the same recipient just fails', async () => {
    const outcome = await kivra('none').send(letter('19811218-9850'));
    expect(outcome).toEqual({ kind: 'rejected', provider: 'kivra', detail: NO_KIVRA_MAILBOX, permanent: true });
    expect(kivraFallback(outcome)).toBeNull();
  });

  it('a company Kivra does not know (404 on content) also falls back', async () => {
    const outcome = await kivra().send(letter('556036-0793'));
    expect(kivraFallback(outcome)).toBe('letter');
  });

  it('a resend of the same message sends the same PDF bytes (Kivra’s duplicate check can see it)', async () => {
    const again = letter('19811218-9876');
    await kivra().send(again);
    const first = simulator.received.at(-1)!.document;
    await kivra().send(again);
    expect(simulator.received.at(-1)!.document).toBe(first);
  });

  it('a recipient without a valid person or organisation number is refused for good', async () => {
    expect(await kivra().send(letter('12345'))).toMatchObject({ kind: 'rejected', permanent: true });
  });
});

describe('the print partner', () => {
  const partner = () =>
    createPrintPartnerClient({
      baseUrl: simulator.url,
      apiKey: simulator.credentials.password,
      customerNumber: 'K-1001',
      serviceLevel: 'a-post',
      files,
      sender: { name: 'Nordisk Inkasso AB', address_lines: [], org_no: null },
      today: () => '2026-11-22',
    });

  it('takes the PDF with A-post; a retry of the same letter (409) counts as sent once', async () => {
    const letter = message('letter', { recipient: 'Storgatan 1, 123 45 Småstad', subject: 'Brev', unsubscribe_url: null });
    const first = await partner().send(letter);
    const before = simulator.received.length;
    const again = await partner().send(letter);
    expect(first).toMatchObject({ kind: 'accepted', provider: 'printpartner', status: 'sent' });
    expect(again).toMatchObject({ kind: 'accepted', provider_message_id: (first as { provider_message_id: string }).provider_message_id });
    expect(simulator.received.length).toBe(before);
  });
});
