import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../channel';
import { readMail } from '../../../../test/channels/mail-reading';
import { SMTP_PASSWORD, SMTP_USER, startSmtpCapture, type SmtpCapture } from '../../../../test/channels/smtp-capture';
import { createSmtpClient } from './smtp-client';

/*
 * E-mail through a real SMTP server the test starts: STARTTLS, login, and the message as it
 * arrived — headers, Swedish letters, the opt-out link and the Message-ID of the communication.
 */

const FROM = 'Nordisk Inkasso <krav@nordiskinkasso.se>';

function message(overrides: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    id: '0193f1c2-7a4b-7c3d-8e9f-0a1b2c3d4e5f',
    org_id: 'org-1',
    channel: 'email',
    recipient: 'asa.oberg@example.se',
    subject: 'Påminnelse: obetald faktura från Ålands Väg & Vatten',
    body: 'Hej Åsa Öberg,\n\nVi har ännu inte fått betalt för fakturan. Betala 1 234,50 kr till bankgiro 5402-9681 senast 2026-12-02.\n\nAvregistrera: https://fordran.example/unsubscribe/tok123',
    unsubscribe_url: 'https://fordran.example/unsubscribe/tok123',
    ...overrides,
  };
}

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture({ rejectRecipient: (address) => (address.startsWith('finns-inte@') ? 550 : address.startsWith('full@') ? 452 : null) });
});
afterAll(() => smtp.close());

describe('the SMTP client against a real SMTP server', () => {
  it('delivers over STARTTLS with login; what arrived has the Swedish text, the opt-out headers and the Message-ID of the communication', async () => {
    const client = createSmtpClient(smtp.url(), FROM);
    const outcome = await client.send(message());
    expect(outcome).toEqual({
      kind: 'accepted',
      provider: 'smtp',
      provider_message_id: '<0193f1c2-7a4b-7c3d-8e9f-0a1b2c3d4e5f@nordiskinkasso.se>',
      status: 'sent',
    });

    const arrived = smtp.arrived.at(-1)!;
    expect(arrived.secure).toBe(true);
    expect(arrived.user).toBe(SMTP_USER);
    expect(arrived.to).toEqual(['asa.oberg@example.se']);
    expect(arrived.from).toBe('krav@nordiskinkasso.se');
    const mail = readMail(arrived.raw);
    expect(mail.header('subject')).toBe('Påminnelse: obetald faktura från Ålands Väg & Vatten');
    expect(mail.header('message-id')).toBe('<0193f1c2-7a4b-7c3d-8e9f-0a1b2c3d4e5f@nordiskinkasso.se>');
    expect(mail.header('list-unsubscribe')).toContain('<https://fordran.example/unsubscribe/tok123>');
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.header('content-type')).toMatch(/text\/plain; charset=utf-8/i);
    expect(mail.body).toContain('Hej Åsa Öberg,');
    expect(mail.body).toContain('Betala 1 234,50 kr till bankgiro 5402-9681 senast 2026-12-02.');
    expect(mail.body).toContain('https://fordran.example/unsubscribe/tok123');
  });

  it('a message without an opt-out link has no List-Unsubscribe headers', async () => {
    await createSmtpClient(smtp.url(), FROM).send(message({ id: '0193f1c2-0000-7000-8000-000000000001', unsubscribe_url: null }));
    const mail = readMail(smtp.arrived.at(-1)!.raw);
    expect(mail.header('list-unsubscribe')).toBeUndefined();
    expect(mail.header('list-unsubscribe-post')).toBeUndefined();
  });

  it('a resend of the same communication carries the same Message-ID (receivers see one message)', async () => {
    const client = createSmtpClient(smtp.url(), FROM);
    const first = await client.send(message({ id: '0193f1c2-0000-7000-8000-000000000002' }));
    const again = await client.send(message({ id: '0193f1c2-0000-7000-8000-000000000002' }));
    expect(first.kind === 'accepted' && again.kind === 'accepted' && first.provider_message_id === again.provider_message_id).toBe(true);
  });

  it('a permanent refusal of the recipient (550) is a bounce: failed now, never retried; nothing arrives', async () => {
    const before = smtp.arrived.length;
    const outcome = await createSmtpClient(smtp.url(), FROM).send(message({ recipient: 'finns-inte@example.se' }));
    expect(outcome).toMatchObject({ kind: 'rejected', provider: 'smtp', permanent: true, bounced: true });
    expect(outcome.kind === 'rejected' && outcome.detail).toContain('550');
    expect(smtp.arrived.length).toBe(before);
  });

  it('a temporary refusal (452) is retried later, not a bounce', async () => {
    const outcome = await createSmtpClient(smtp.url(), FROM).send(message({ recipient: 'full@example.se' }));
    expect(outcome).toMatchObject({ kind: 'rejected', provider: 'smtp', permanent: false });
    expect(outcome.kind === 'rejected' && outcome.bounced).toBeFalsy();
  });

  it('a refused login is retried later (an admin can fix the password), with the reason', async () => {
    const outcome = await createSmtpClient(smtp.url(SMTP_USER, `${SMTP_PASSWORD}-fel`), FROM).send(message());
    expect(outcome).toMatchObject({ kind: 'rejected', permanent: false });
    expect(outcome.kind === 'rejected' && outcome.detail).toMatch(/SMTP-inloggningen nekades/);
  });

  it('a server that cannot be reached is retried later', async () => {
    const outcome = await createSmtpClient('smtp://127.0.0.1:1', FROM).send(message());
    expect(outcome).toMatchObject({ kind: 'rejected', provider: 'smtp', permanent: false });
  });
});
