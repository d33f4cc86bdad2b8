import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cancelMessage,
  createManualClock,
  getCommunication,
  operatorContext,
  runDeliveriesUntilIdle,
  sendCommunication,
  signUp,
  type ManualClock,
  type OrgScope,
} from '../..';
import { openSendableCase } from '../../testing/sendable-case';
import { createRecordingChannels, openTestApp, type RecordingChannels, type TestApp } from '../../testing/test-app';

/*
 * Delivery through a recording channel on a real store (both engines): quiet hours with the
 * manual clock, retries with back-off and their limit, and what each provider answer does.
 */

// Monday 2026-11-23 10:00 in Stockholm (UTC+1).
const MONDAY_10 = '2026-11-23T09:00:00.000Z';

let testApp: TestApp;
let clock: ManualClock;
let channels: RecordingChannels;
let ctx: OrgScope;
let caseId: string;

beforeEach(async () => {
  clock = createManualClock(MONDAY_10);
  channels = createRecordingChannels();
  testApp = await openTestApp({
    clock,
    providers: { channels: channels.directory },
    config: {
      communications: { publicUrl: 'https://fordran.example', deliveryMaxAttempts: 3, deliveryBackoffBaseSeconds: 60, deliveryBackoffMaxSeconds: 3600 },
    },
  });
  const app = testApp.app;
  await signUp(app, { email: 'karin@example.se', password: 'hemligt', full_name: 'Karin Lindqvist' });
  ctx = await operatorContext(app, 'Karin Lindqvists organisation');
  caseId = await openSendableCase(ctx, 'Anna@Example.se');
});
afterEach(() => testApp.close());

async function send(template: string, channel?: 'email' | 'sms' | 'letter' | 'kivra'): Promise<string> {
  return (await sendCommunication(ctx, caseId, { template, ...(channel ? { channel } : {}) })).communication.id;
}

describe('delivery', () => {
  it('hands the message to the channel once, with its id, recipient and unsubscribe link, and records it sent', async () => {
    const id = await send('REMINDER_EMAIL');
    expect((await getCommunication(ctx, id)).status).toBe('pending');
    const run = await runDeliveriesUntilIdle(testApp.app);
    expect(run).toEqual({ attempts: 1, by_status: { sent: 1 } });
    expect(channels.calls).toHaveLength(1);
    const [message] = channels.calls;
    expect(message).toMatchObject({ id, channel: 'email', recipient: 'anna@example.se', subject: 'Påminnelse – obetald faktura från Elbolaget Norr AB' });
    expect(message!.unsubscribe_url).toMatch(/^https:\/\/fordran\.example\/avregistrera\/[\w-]{43}$/);
    expect(message!.body.endsWith(message!.unsubscribe_url!)).toBe(true);
    const sent = await getCommunication(ctx, id);
    expect(sent).toMatchObject({
      status: 'sent',
      sent_at: MONDAY_10,
      delivery: { status: 'sent', attempts: 1, provider: 'test', provider_message_id: `test-${id}`, next_retry_at: null },
    });
    // Nothing is left to do: a second run makes no attempt.
    expect(await runDeliveriesUntilIdle(testApp.app)).toEqual({ attempts: 0, by_status: {} });
  });

  it('gives a letter its envelope and payment block, and sends it at any hour', async () => {
    clock.set('2026-11-28T22:00:00.000Z'); // Saturday 23:00
    await send('DEMAND_LETTER');
    await runDeliveriesUntilIdle(testApp.app);
    expect(channels.calls[0]).toMatchObject({
      channel: 'letter',
      recipient: 'Anna Andersson',
      unsubscribe_url: null,
      letter: {
        address_lines: ['Anna Andersson', 'Storgatan 1', '111 22 Stockholm'],
        sender_name: 'Karin Lindqvists organisation',
        payment: { bankgiro: '5402-9681' },
      },
    });
    expect(channels.calls[0]!.letter!.payment!.ocr).toMatch(/^\d+$/);
  });

  it('holds SMS and e-mail outside the allowed hours as throttled and sends them at the next allowed minute', async () => {
    clock.set('2026-11-28T09:00:00.000Z'); // Saturday 10:00
    const id = await send('REMINDER_SMS');
    expect(await runDeliveriesUntilIdle(testApp.app)).toEqual({ attempts: 1, by_status: { throttled: 1 } });
    expect(channels.calls).toHaveLength(0);
    const held = await getCommunication(ctx, id);
    expect(held).toMatchObject({ status: 'throttled', status_label: 'Begränsad', delivery: { attempts: 0, next_retry_at: '2026-11-30T07:00:00.000Z' } });
    expect(held.delivery!.status_detail).toBe('Väntar på tillåten sändningstid (SMS skickas vardagar 08:00–20:00)');

    clock.set('2026-11-30T06:59:59.000Z'); // Monday 07:59:59
    expect((await runDeliveriesUntilIdle(testApp.app)).attempts).toBe(0);
    clock.set('2026-11-30T07:00:00.000Z'); // Monday 08:00
    expect(await runDeliveriesUntilIdle(testApp.app)).toEqual({ attempts: 1, by_status: { sent: 1 } });
    expect(channels.calls.map((message) => message.recipient)).toEqual(['+46701234567']);
  });

  it('lets staff cancel a message held for the allowed hours or waiting out a rate limit: it never goes out', async () => {
    channels.answerWith(() => ({ kind: 'throttled', provider: 'test', detail: '429', retry_after_seconds: 30 }));
    const limited = await send('REMINDER_EMAIL');
    await runDeliveriesUntilIdle(testApp.app);
    expect(await getCommunication(ctx, limited)).toMatchObject({ status: 'throttled', in_flight: false, actions: { can_cancel: true } });
    clock.set('2026-11-28T09:00:00.000Z'); // Saturday 10:00
    const held = await send('REMINDER_SMS');
    await runDeliveriesUntilIdle(testApp.app);
    expect(await getCommunication(ctx, held)).toMatchObject({ status: 'throttled', actions: { can_cancel: true } });

    for (const id of [limited, held]) {
      expect(await cancelMessage(ctx, id)).toMatchObject({
        status: 'cancelled',
        status_label: 'Avbruten',
        delivery: { status: 'cancelled', next_retry_at: null },
      });
    }
    channels.answerWith((message) => ({ kind: 'accepted', provider: 'test', provider_message_id: message.id, status: 'sent' }));
    clock.set('2026-11-30T07:00:00.000Z'); // Monday 08:00: both would be due
    expect((await runDeliveriesUntilIdle(testApp.app)).by_status).toEqual({ cancelled: 2 });
    expect(channels.calls.map((message) => message.id)).toEqual([limited]);
  });

  it("follows the organisation's own hours", async () => {
    await testApp.sql(
      'UPDATE organisations SET settings_json = ? WHERE id = ?',
      JSON.stringify({ send_hours: { days: [6], start: '09:00', end: '12:00' } }),
      ctx.membership.org_id,
    );
    const id = await send('REMINDER_EMAIL');
    await runDeliveriesUntilIdle(testApp.app);
    expect((await getCommunication(ctx, id)).delivery).toMatchObject({ status: 'throttled', next_retry_at: '2026-11-28T08:00:00.000Z' });
  });

  it('retries a transient failure with back-off and fails it after the last attempt', async () => {
    channels.answerWith(() => ({ kind: 'rejected', provider: 'test', detail: '451 försök senare', permanent: false }));
    const id = await send('REMINDER_EMAIL');
    await runDeliveriesUntilIdle(testApp.app);
    expect((await getCommunication(ctx, id)).delivery).toMatchObject({ status: 'throttled', attempts: 1, next_retry_at: '2026-11-23T09:01:00.000Z' });
    expect((await getCommunication(ctx, id)).delivery!.status_detail).toBe('test: 451 försök senare; försök 1 av 3, nytt försök 2026-11-23T09:01:00.000Z');

    clock.advanceSeconds(59);
    expect((await runDeliveriesUntilIdle(testApp.app)).attempts).toBe(0);
    clock.advanceSeconds(1);
    await runDeliveriesUntilIdle(testApp.app);
    expect((await getCommunication(ctx, id)).delivery).toMatchObject({ attempts: 2, next_retry_at: '2026-11-23T09:03:00.000Z' });
    clock.advanceSeconds(120);
    await runDeliveriesUntilIdle(testApp.app);
    const failed = await getCommunication(ctx, id);
    expect(failed).toMatchObject({ status: 'failed', status_label: 'Misslyckad', sent_at: null, actions: { can_resend: true, can_change_channel: true } });
    expect(failed.delivery).toMatchObject({ status: 'failed', attempts: 3, next_retry_at: null, status_detail: 'test: 451 försök senare' });
    expect(channels.calls.map((message) => message.id)).toEqual([id, id, id]);
    clock.advanceSeconds(3600);
    expect((await runDeliveriesUntilIdle(testApp.app)).attempts).toBe(0);
  });

  it('takes a client that throws as a transient failure', async () => {
    channels.answerWith(() => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    });
    const id = await send('REMINDER_EMAIL');
    await runDeliveriesUntilIdle(testApp.app);
    expect((await getCommunication(ctx, id)).delivery).toMatchObject({ status: 'throttled', attempts: 1 });
    expect((await getCommunication(ctx, id)).delivery!.status_detail).toContain('ECONNREFUSED');
  });

  it('fails a bounce at once, and does not count a rate limit as an attempt', async () => {
    channels.answerWith((message) =>
      message.channel === 'email'
        ? { kind: 'rejected', provider: 'test', detail: '550 mailbox unavailable', permanent: true, bounced: true }
        : { kind: 'throttled', provider: 'test', detail: '429', retry_after_seconds: 30 },
    );
    const bounced = await send('REMINDER_EMAIL');
    const limited = await send('REMINDER_SMS');
    await runDeliveriesUntilIdle(testApp.app);
    expect((await getCommunication(ctx, bounced)).delivery).toMatchObject({ status: 'bounced', attempts: 1, status_detail: 'test: 550 mailbox unavailable' });
    expect((await getCommunication(ctx, bounced)).status_label).toBe('Misslyckad');
    expect((await getCommunication(ctx, limited)).delivery).toMatchObject({ status: 'throttled', attempts: 0, next_retry_at: '2026-11-23T09:00:30.000Z' });
  });

  it('records a provider queue (a print queue) as queued, and a delivery receipt as delivered', async () => {
    channels.answerWith((message) =>
      message.channel === 'letter'
        ? { kind: 'accepted', provider: 'manual', provider_message_id: null, status: 'queued', rendered_pdf_key: `letters/${message.id}.pdf` }
        : { kind: 'accepted', provider: 'test', provider_message_id: 'x', status: 'delivered' },
    );
    const letter = await send('DEMAND_LETTER');
    const email = await send('REMINDER_EMAIL');
    await runDeliveriesUntilIdle(testApp.app);
    const queued = await getCommunication(ctx, letter);
    expect(queued).toMatchObject({
      status: 'queued',
      in_flight: false,
      sent_at: null,
      rendered_pdf_id: `letters/${letter}.pdf`,
      actions: { can_cancel: true },
    });
    expect(queued.delivery).toMatchObject({ status: 'queued', next_retry_at: null });
    expect(await getCommunication(ctx, email)).toMatchObject({ status: 'delivered', status_label: 'Levererad', sent_at: MONDAY_10 });
  });

  describe("Kivra's fallback to letter", () => {
    const noMailbox = (fallback: boolean) =>
      channels.answerWith((message) =>
        message.channel === 'kivra'
          ? {
              kind: 'rejected',
              provider: 'kivra',
              permanent: true,
              detail: fallback ? 'Mottagaren har ingen brevlåda hos Kivra: skickas som brev' : 'Mottagaren har ingen brevlåda hos Kivra',
              ...(fallback ? { fallback_channel: 'letter' as const } : {}),
            }
          : { kind: 'accepted', provider: 'manual', provider_message_id: null, status: 'queued', rendered_pdf_key: `letters/${message.id}.pdf` },
      );

    it('moves a message Kivra cannot deliver to letter and queues it again, audited as the system', async () => {
      noMailbox(true);
      const id = await send('DEMAND_LETTER', 'kivra');
      expect(await runDeliveriesUntilIdle(testApp.app)).toEqual({ attempts: 2, by_status: { queued: 1 } });
      // Kivra got the letter's PDF details and payment block; then the letter went to the print queue under the same id.
      expect(channels.calls.map((message) => [message.id, message.channel, message.recipient])).toEqual([
        [id, 'kivra', '19811218-9876'],
        [id, 'letter', 'Anna Andersson'],
      ]);
      expect(channels.calls[0]!.letter).toMatchObject({
        address_lines: ['Anna Andersson', 'Storgatan 1', '111 22 Stockholm'],
        payment: { bankgiro: '5402-9681' },
      });
      const moved = await getCommunication(ctx, id);
      expect(moved).toMatchObject({ channel: 'letter', status: 'queued', rendered_pdf_id: `letters/${id}.pdf`, actions: { can_cancel: true } });
      expect(moved.subject).toBe('Inkassokrav – ärende F-1001');
      expect(moved.deliveries.map((delivery) => [delivery.status, delivery.provider, delivery.status_detail])).toEqual([
        ['queued', 'manual', 'Köad hos manual'],
        ['failed', 'kivra', 'kivra: Mottagaren har ingen brevlåda hos Kivra: skickas som brev'],
      ]);
      const audit = await testApp.sql<{ actor_id: string | null; payload_json: string }>(
        "SELECT actor_id, payload_json FROM audit_logs WHERE event = 'communication.channel_changed' AND entity_id = ?",
        id,
      );
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor_id).toBeNull();
      expect(JSON.parse(audit[0]!.payload_json)).toMatchObject({
        from: 'kivra',
        to: 'letter',
        reason: 'kivra: Mottagaren har ingen brevlåda hos Kivra: skickas som brev',
      });
    });

    it("fails the message with Kivra's detail when the organisation's fallback is none", async () => {
      noMailbox(false);
      const id = await send('DEMAND_LETTER', 'kivra');
      expect(await runDeliveriesUntilIdle(testApp.app)).toEqual({ attempts: 1, by_status: { failed: 1 } });
      expect(await getCommunication(ctx, id)).toMatchObject({
        channel: 'kivra',
        status: 'failed',
        delivery: { status: 'failed', status_detail: 'kivra: Mottagaren har ingen brevlåda hos Kivra' },
        actions: { can_change_channel: true },
      });
      expect(channels.calls).toHaveLength(1);
    });

    it('leaves the message failed, saying why, when the debtor has no postal address for the letter', async () => {
      noMailbox(true);
      const id = await send('DEMAND_LETTER', 'kivra');
      await testApp.sql('UPDATE parties SET address_json = NULL WHERE org_id = ?', ctx.membership.org_id);
      await runDeliveriesUntilIdle(testApp.app);
      const failed = await getCommunication(ctx, id);
      expect(failed).toMatchObject({ channel: 'kivra', status: 'failed' });
      expect(failed.delivery!.status_detail).toMatch(/^kivra: Mottagaren har ingen brevlåda hos Kivra: skickas som brev; kunde inte skickas som brev: .+/);
      expect(channels.calls.map((message) => message.channel)).toEqual(['kivra']);
    });
  });
});
