import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  confirmUnsubscribe,
  createManualClock,
  createPrintBatch,
  getCommunication,
  getPrintQueue,
  operatorContext,
  runDeliveriesUntilIdle,
  sendCommunication,
  signUp,
  type OrgScope,
} from '../..';
import { readMail } from '../../../test/channels/mail-reading';
import { startSmtpCapture, type SmtpCapture } from '../../../test/channels/smtp-capture';
import { openSendableCase } from '../../testing/sendable-case';
import { openTestApp, type TestApp } from '../../testing/test-app';
import type { DefaultChannelDirectory } from '../channels/channel-directory';
import { letterPdfKey } from '../channels/letter/letter-document';
import type { ProviderSimulator } from '../channels/simulator/provider-simulator';

/*
 * Sending end to end through the REAL default channel directory (no recording double), on both
 * engines: e-mail to a real SMTP server the test starts (the server's FORDRAN_SMTP_URL), SMS
 * through 46elks' client against the in-process simulator, a letter into the print queue and out
 * in a batch, and a Kivra message to someone without a mailbox falling back to a letter. Each
 * message reaches its provider exactly once, and the e-mail's one-click link opts the debtor out.
 */

// Monday 2026-11-23 10:00 in Stockholm.
const MONDAY_10 = '2026-11-23T09:00:00.000Z';
const FROM = 'Nordisk Inkasso <krav@nordiskinkasso.se>';

let smtp: SmtpCapture;
let testApp: TestApp;
let ctx: OrgScope;
let caseId: string;

beforeEach(async () => {
  smtp = await startSmtpCapture();
  testApp = await openTestApp({
    clock: createManualClock(MONDAY_10),
    smtpUrl: smtp.url(),
    mailFrom: FROM,
    config: { communications: { publicUrl: 'https://fordran.example' } },
  });
  const app = testApp.app;
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = await operatorContext(app, 'Karin Lindqvists organisation');
  caseId = await openSendableCase(ctx);
});
afterEach(async () => {
  await testApp.close();
  await smtp.close();
});

async function send(template: string, channel?: 'kivra'): Promise<string> {
  return (await sendCommunication(ctx, caseId, { template, ...(channel ? { channel } : {}) })).communication.id;
}

async function simulator(): Promise<ProviderSimulator> {
  return (await (testApp.app.providers!.channels as DefaultChannelDirectory).simulator()) as ProviderSimulator;
}

describe('sending through the default channel directory', () => {
  it('delivers e-mail over SMTP, SMS through the simulator and letters through the print queue, each exactly once', async () => {
    const email = await send('REMINDER_EMAIL');
    const sms = await send('REMINDER_SMS');
    const letter = await send('DEMAND_LETTER');
    const kivra = await send('GDPR_INFO_LETTER', 'kivra');

    expect(await runDeliveriesUntilIdle(testApp.app)).toEqual({ attempts: 5, by_status: { sent: 2, queued: 2 } });

    // E-mail: one message at the SMTP server, from the server's sender, with the one-click opt-out headers.
    expect(smtp.arrived).toHaveLength(1);
    const arrived = smtp.arrived[0]!;
    expect(arrived.to).toEqual(['anna@example.se']);
    expect(arrived.from).toBe('krav@nordiskinkasso.se');
    const mail = readMail(arrived.raw);
    expect(mail.header('message-id')).toBe(`<${email}@nordiskinkasso.se>`);
    const unsubscribe = /^<(https:\/\/fordran\.example\/avregistrera\/([\w-]{43}))>( \(Avregistrera\))?$/.exec(mail.header('list-unsubscribe') ?? '');
    expect(unsubscribe).not.toBeNull();
    expect(mail.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.body.trimEnd().endsWith(unsubscribe![1]!)).toBe(true);
    expect(await getCommunication(ctx, email)).toMatchObject({ status: 'sent', sent_at: MONDAY_10, delivery: { provider: 'smtp', attempts: 1 } });

    // SMS: one message at the simulated 46elks, in E.164; Kivra got nothing (no mailbox, so no content).
    const received = (await simulator()).received;
    expect(received.map((message) => [message.provider, message.to])).toEqual([['46elks', '+46701234567']]);
    expect(received[0]!.body).toContain('F-1001');
    expect(await getCommunication(ctx, sms)).toMatchObject({ status: 'sent', delivery: { provider: '46elks', attempts: 1 } });

    // Letters: queued with their PDFs in the print queue; the Kivra message arrived there as a letter.
    for (const id of [letter, kivra]) {
      const queued = await getCommunication(ctx, id);
      expect(queued).toMatchObject({ channel: 'letter', status: 'queued', sent_at: null, rendered_pdf_id: letterPdfKey(ctx.membership.org_id, id) });
      expect(await testApp.app.files.get(queued.rendered_pdf_id!)).not.toBeNull();
    }
    expect((await getCommunication(ctx, kivra)).deliveries.map((delivery) => [delivery.status, delivery.provider])).toEqual([
      ['queued', 'manual'],
      ['failed', 'kivra'],
    ]);
    const queue = await getPrintQueue(ctx);
    expect(queue.letters.map((queued) => queued.id)).toEqual([letter, kivra]);
    expect(queue.letters[0]).toMatchObject({ reference_no: 'F-1001', recipient: 'Storgatan 1, 111 22 Stockholm' });

    const batch = await createPrintBatch(ctx);
    expect(batch.letters.map((printed) => printed.id)).toEqual([letter, kivra]);
    for (const id of [letter, kivra])
      expect(await getCommunication(ctx, id)).toMatchObject({ status: 'sent', sent_at: MONDAY_10, delivery: { status: 'sent' } });
    expect((await getPrintQueue(ctx)).letters).toEqual([]);

    // Nothing is handed over again.
    expect(await runDeliveriesUntilIdle(testApp.app)).toEqual({ attempts: 0, by_status: {} });
    expect(smtp.arrived).toHaveLength(1);
    expect((await simulator()).received).toHaveLength(1);

    // The e-mail's one-click link (what POST /avregistrera/:token runs) opts the debtor out of e-mail.
    expect(await confirmUnsubscribe(testApp.app, unsubscribe![2])).toMatchObject({ channel: 'email', opted_out: true });
    await expect(send('PLAN_INSTALMENT_EMAIL')).rejects.toMatchObject({ code: 'RECIPIENT_OPTED_OUT' });
  });
});
