import {
  claimDeliveryStatus,
  COMM_CHANNEL_LABELS,
  decideDelivery,
  holdDeliveryStatus,
  isWithinSendHours,
  nextSendTime,
  QUIET_HOURS_CHANNELS,
  DomainError,
  type CommChannel,
  type CommunicationStatus,
  type DeliveryRetryPolicy,
} from '@fordran/core';
import {
  findCommunicationRow,
  findDeliveryRowById,
  updateCommunicationIfStatus,
  updateDeliveryIfUnchanged,
  type CommDeliveryRow,
  type CommunicationRow,
  type Db,
  type JobRow,
  type NewCommDeliveryRow,
  type NewCommunicationRow,
  type PayloadJson,
} from '@fordran/store';
import { systemScope } from '../../access/operator';
import type { AppContext } from '../../context';
import { instantAfter, instantOfSwedishLocalTime, swedishLocalTime } from '../../clock';
import type { JobHandlerContext } from '../../jobs/handlers';
import { z } from '../../schemas/zod-setup';
import { channelClientFor, type SendOutcome } from '../channels/channel';
import { kivraFallback } from '../channels/kivra/kivra-client';
import { letterPdfKey } from '../channels/letter/letter-document';
import { changeMessageChannel } from './communication-actions';
import { enqueueDelivery } from './delivery-queue';
import { outgoingMessageOf } from './outgoing-message';
import { recordDemandReceiptInterruption } from '../../prescription/record-interruption';
import { describeSendHours, organisationSendHours } from './send-hours';

/*
 * Delivery, one attempt per job on the job queue (jobs/). Exactly once rests on three things:
 * - the job queue gives each job to one worker at a time (a claim with a lease, taken back only
 *   when the lease lapsed: the worker died or hung — and then its signal is aborted);
 * - before the provider is called the attempt claims the delivery in its own transaction
 *   (pending | throttled → queued, attempts + 1), and after it the answer is recorded in another,
 *   guarded by that claim (same status and attempts): a message recorded as sent, failed or
 *   cancelled is never handed over again, and a worker that lost its attempt records nothing;
 * - a job run again after its worker died finds the delivery still claimed (queued, in flight)
 *   and makes the attempt again with the same message id, which providers take as the
 *   idempotency key (SMTP as the Message-ID).
 * What remains: a worker killed after the provider took the message and before the answer was
 * recorded sends it once more on restart — the provider dedupes it by the id where it can; where
 * it cannot (plain SMTP), the debtor may get it twice (docs/communications.md).
 */

/** An attempt that has not answered in this long is given up (and made again, same id). */
export const DELIVERY_SEND_TIMEOUT_MS = 2 * 60 * 1000;

const payloadSchema = z.object({ delivery_id: z.string().min(1) });

export function deliveryRetryPolicy(app: AppContext): DeliveryRetryPolicy {
  const config = app.config.communications;
  return {
    maxAttempts: config.deliveryMaxAttempts,
    backoff: { baseMs: config.deliveryBackoffBaseSeconds * 1000, maxMs: config.deliveryBackoffMaxSeconds * 1000 },
  };
}

/** What an attempt did, as the job's result. */
interface AttemptResult extends PayloadJson {
  delivery_id: string;
  communication_id: string;
  status: CommunicationStatus;
  detail: string | null;
}

function result(delivery: CommDeliveryRow, status: CommunicationStatus, detail: string | null): AttemptResult {
  return { delivery_id: delivery.id, communication_id: delivery.communication_id, status, detail };
}

/**
 * Moves the message (when it is still as read) and its delivery (guarded by status and attempts)
 * together; false when either moved meanwhile (a cancel, another worker), and nothing is written.
 */
async function moveBoth(
  tx: Db,
  message: CommunicationRow,
  delivery: CommDeliveryRow,
  deliveryChange: Partial<NewCommDeliveryRow> & { status: CommunicationStatus },
  messageChange: Partial<NewCommunicationRow> = {},
): Promise<CommDeliveryRow | null> {
  const moved = await updateDeliveryIfUnchanged(tx, delivery, deliveryChange);
  if (!moved) return null;
  if (message.status !== deliveryChange.status || Object.keys(messageChange).length > 0) {
    const updated = await updateCommunicationIfStatus(tx, message.org_id, message.id, message.status, { status: deliveryChange.status, ...messageChange });
    // The message moved under us: undo the delivery's move with the transaction.
    if (!updated) throw new DeliveryRaceLost();
  }
  return moved;
}

class DeliveryRaceLost extends Error {
  constructor() {
    super('Meddelandet ändrades samtidigt');
  }
}

/** Runs `write` in a transaction; null when a guard found the message moved meanwhile. */
async function guarded<T>(app: AppContext, write: (tx: Db) => Promise<T | null>): Promise<T | null> {
  try {
    return await app.database.transaction(write);
  } catch (error) {
    if (error instanceof DeliveryRaceLost) return null;
    throw error;
  }
}

/** Outside the allowed hours: throttled until the next allowed minute, and a job due then. */
async function holdForQuietHours(app: AppContext, message: CommunicationRow, delivery: CommDeliveryRow, until: string, hoursText: string) {
  const status = holdDeliveryStatus(delivery.status);
  const detail = `Väntar på tillåten sändningstid (${hoursText})`;
  const now = app.clock.now();
  const held = await guarded(app, async (tx) => {
    const moved = await moveBoth(tx, message, delivery, { status, next_retry_at: until, status_detail: detail, updated_at: now });
    if (moved) await enqueueDelivery(tx, app, moved, until);
    return moved;
  });
  return held ? result(held, status, detail) : result(delivery, delivery.status, 'Meddelandet ändrades samtidigt; försöket avstod');
}

/** Claims the delivery for this attempt: queued (with the provider), attempts + 1. Null when it moved meanwhile. */
async function claimAttempt(app: AppContext, message: CommunicationRow, delivery: CommDeliveryRow): Promise<CommDeliveryRow | null> {
  // A delivery still queued with a next_retry_at is an attempt whose worker died mid-send: it is made again.
  const status = delivery.status === 'queued' ? 'queued' : claimDeliveryStatus(delivery.status);
  const now = app.clock.now();
  return guarded(app, (tx) =>
    moveBoth(tx, message, delivery, {
      status,
      attempts: delivery.attempts + 1,
      next_retry_at: instantAfter(app.clock, DELIVERY_SEND_TIMEOUT_MS / 1000),
      status_detail: 'Lämnas till leverantören',
      updated_at: now,
    }),
  );
}

function outcomeDetail(outcome: SendOutcome): string {
  if (outcome.kind === 'accepted') return outcome.status === 'queued' ? `Köad hos ${outcome.provider}` : `Mottaget av ${outcome.provider}`;
  if (outcome.kind === 'throttled') return `${outcome.provider} begränsade utskicket: ${outcome.detail}`;
  return `${outcome.provider}: ${outcome.detail}`;
}

/** Records the provider's answer to the claimed attempt (the message is queued), and plans the next attempt when one is due. */
async function recordOutcome(app: AppContext, message: CommunicationRow, claimed: CommDeliveryRow, outcome: SendOutcome): Promise<AttemptResult> {
  const decision = decideDelivery({ attempts: claimed.attempts, result: outcome, policy: deliveryRetryPolicy(app) });
  const now = app.clock.now();
  const retryAt = decision.retry_in_ms === null ? null : instantAfter(app.clock, decision.retry_in_ms / 1000);
  const detail =
    retryAt === null
      ? outcomeDetail(outcome)
      : `${outcomeDetail(outcome)}; försök ${claimed.attempts} av ${app.config.communications.deliveryMaxAttempts}, nytt försök ${retryAt}`;
  const sent = decision.steps.includes('sent');
  const recorded = await guarded(app, async (tx) => {
    const moved = await moveBoth(
      tx,
      message,
      claimed,
      {
        status: decision.status,
        attempts: decision.attempts,
        provider: outcome.provider,
        ...(outcome.kind === 'accepted' ? { provider_message_id: outcome.provider_message_id } : {}),
        status_detail: detail,
        next_retry_at: retryAt,
        updated_at: now,
      },
      {
        ...(sent ? { sent_at: now } : {}),
        ...(outcome.kind === 'accepted' && outcome.rendered_pdf_key ? { rendered_pdf_id: outcome.rendered_pdf_key } : {}),
      },
    );
    if (moved && retryAt !== null) await enqueueDelivery(tx, app, moved, retryAt);
    // Delivery evidence (a report, or a letter's posting): a påminnelse or inkassokrav that reached the debtor interrupts prescription (5 § 2).
    if (moved && (decision.status === 'delivered' || decision.status === 'sent'))
      await recordDemandReceiptInterruption(tx, message, { status: decision.status, at: now });
    return moved;
  });
  return recorded ? result(recorded, decision.status, detail) : result(claimed, claimed.status, 'Försöket togs över av en annan arbetare; dess svar gäller');
}

/**
 * Kivra's "no mailbox" with the organisation's fallback to letter: the failed message moves to
 * that channel and is queued again, as 'Byt kanal' does (the same checks: the debtor's postal
 * address, an opt-out, the rules), audited as the system's. When the change is refused the
 * message stays failed and its delivery says why, so staff can act on it.
 */
async function fallBackToChannel(app: AppContext, message: CommunicationRow, channel: CommChannel, failed: AttemptResult): Promise<AttemptResult> {
  try {
    // A PDF Kivra rendered before refusing (a company it does not know) was made for Kivra: the letter renders its own.
    await app.files.delete(letterPdfKey(message.org_id, message.id));
    const moved = await changeMessageChannel(systemScope(app, message.org_id), message.id, { channel }, { reason: failed.detail });
    return {
      ...failed,
      delivery_id: moved.delivery?.id ?? failed.delivery_id,
      status: moved.status,
      detail: `${failed.detail}; flyttat till ${COMM_CHANNEL_LABELS[channel]}`,
    };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const detail = `${failed.detail}; kunde inte skickas som ${COMM_CHANNEL_LABELS[channel].toLowerCase()}: ${error.message}`;
    const delivery = await findDeliveryRowById(app.database.db, failed.delivery_id);
    if (delivery) await app.database.transaction((tx) => updateDeliveryIfUnchanged(tx, delivery, { status_detail: detail, updated_at: app.clock.now() }));
    return { ...failed, detail };
  }
}

/** The provider's answer; a client that throws (network, timeout) is a transient rejection. */
async function send(app: AppContext, message: CommunicationRow, signal: AbortSignal): Promise<SendOutcome> {
  let provider = 'okänd';
  try {
    const client = await channelClientFor(app, message.org_id, message.channel);
    provider = client.provider;
    const outgoing = await outgoingMessageOf(app, message);
    return await client.send(outgoing, AbortSignal.any([signal, AbortSignal.timeout(DELIVERY_SEND_TIMEOUT_MS)]));
  } catch (error) {
    // The worker is stopping or lost the job: the attempt stays claimed and is made again (same id).
    if (signal.aborted) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'rejected', provider, detail: detail || 'Okänt fel', permanent: false };
  }
}

/** Whether the job's delivery still waits for an attempt: pending, throttled, or claimed by an attempt that died. */
function awaitsAttempt(delivery: CommDeliveryRow): boolean {
  return delivery.status === 'pending' || delivery.status === 'throttled' || (delivery.status === 'queued' && delivery.next_retry_at !== null);
}

/**
 * The job handler of `communication_delivery`: one delivery attempt of one message. SMS and
 * e-mail outside the organisation's allowed hours wait as throttled until the next allowed
 * minute; otherwise the attempt claims the delivery, sends through the channel's client and
 * records the answer (sent, delivered, queued with the provider; failed or bounced; throttled and
 * tried again after the back-off, failed after the configured number of attempts).
 */
export async function runCommunicationDeliveryJob(job: JobRow, context: JobHandlerContext): Promise<PayloadJson> {
  const { app, signal } = context;
  const { delivery_id } = payloadSchema.parse(job.payload_json);
  const db = app.database.db;
  const delivery = await findDeliveryRowById(db, delivery_id);
  if (!delivery) return { delivery_id, skipped: 'Leveransen finns inte' };
  const message = await findCommunicationRow(db, delivery.org_id, delivery.communication_id);
  if (!message || !awaitsAttempt(delivery)) return result(delivery, delivery.status, 'Inget att leverera');
  if (QUIET_HOURS_CHANNELS.includes(message.channel)) {
    const hours = await organisationSendHours(db, message.org_id);
    const local = swedishLocalTime(app.clock.now());
    if (!isWithinSendHours(local, hours)) {
      const until = instantOfSwedishLocalTime(nextSendTime(local, hours));
      return holdForQuietHours(app, message, delivery, until, `${COMM_CHANNEL_LABELS[message.channel]} skickas ${describeSendHours(hours)}`);
    }
  }
  const claimed = await claimAttempt(app, message, delivery);
  if (!claimed) return result(delivery, delivery.status, 'Meddelandet ändrades samtidigt; försöket avstod');
  const queued: CommunicationRow = { ...message, status: 'queued' };
  const outcome = await send(app, queued, signal);
  const recorded = await recordOutcome(app, queued, claimed, outcome);
  const fallback = kivraFallback(outcome);
  return fallback && recorded.status === 'failed' ? fallBackToChannel(app, queued, fallback, recorded) : recorded;
}
