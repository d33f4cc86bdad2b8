import {
  appendUnsubscribeLink,
  cancelCommunication,
  changeCommunicationChannel,
  communicationDedupeHash,
  DomainError,
  messageRecipient,
  removeUnsubscribeLink,
  resendCommunication,
  type CommTemplateCategory,
} from '@fordran/core';
import {
  findCommTemplateRow,
  findCommunicationRow,
  findCurrentDeliveryRow,
  findUnsubscribeTokenFor,
  insertCommDeliveryRow,
  updateCommunicationIfStatus,
  updateDeliveryIfUnchanged,
  type CommunicationRow,
  type Db,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../../access/operator';
import { appendAudit, type AuditEntry } from '../../audit/audit-log';
import { guardedCaseAction } from '../../cases/case-rules';
import type { CaseState } from '../../cases/case-state';
import { idSchema } from '../../schemas/common';
import { parseInput } from '../../schemas/zod-setup';
import { communicationChangeChannelSchema, type CommunicationChangeChannelInput, type CommunicationResponse } from '../../schemas/communications';
import { renderCaseMessage } from '../templates/render-case-message';
import { saveUnsubscribeLink, unsubscribeLinkFor, unsubscribeUrl } from '../opt-out/unsubscribe-links';
import { COMMUNICATION_NOT_FOUND_MESSAGE, readCommunicationView } from './communication-history';
import { isDeliveryInFlight } from './communication-view';
import { enqueueDelivery } from './delivery-queue';
import { assertNotOptedOut, contactOf } from './message-recipients';
import { subjectFor } from './send-communication';

const CHANGED_MEANWHILE = 'Meddelandet ändrades samtidigt, försök igen';

async function readMessage(db: Db, orgId: string, id: string): Promise<CommunicationRow> {
  const row = await findCommunicationRow(db, orgId, id);
  if (!row) throw new DomainError('NOT_FOUND', COMMUNICATION_NOT_FOUND_MESSAGE);
  return row;
}

async function auditMessage(tx: Db, ctx: OrgScope, message: CommunicationRow, event: AuditEntry['event'], payload: Record<string, unknown>): Promise<void> {
  await appendAudit(tx, {
    org_id: message.org_id,
    actor_id: auditActor(ctx),
    event,
    entity: 'communications',
    entity_id: message.id,
    payload: { case_id: message.case_id, ...payload },
    created_at: ctx.app.clock.now(),
  });
}

/**
 * Cancels a message that has not gone out (spec part 1 §4: from pending or queued — and from
 * throttled, which waits in our queue too — both the message and its delivery become cancelled). Refused while an attempt is with the provider
 * (CONFLICT: it may already be on its way) and from any other status
 * (INVALID_COMMUNICATION_TRANSITION). 'Cancel failed' in the UI otherwise.
 */
export async function cancelMessage(ctx: OrgScope, id: string): Promise<CommunicationResponse> {
  requireScopePermission(ctx, 'communications.send');
  const messageId = parseInput(idSchema, id);
  const orgId = ctx.membership.org_id;
  return ctx.app.database.transaction(async (tx) => {
    const message = await readMessage(tx, orgId, messageId);
    const delivery = await findCurrentDeliveryRow(tx, orgId, message.id);
    if (isDeliveryInFlight(delivery)) throw new DomainError('CONFLICT', 'Meddelandet lämnas just nu till leverantören och kan inte avbrytas');
    const change = cancelCommunication(message.status);
    const now = ctx.app.clock.now();
    if (!(await updateCommunicationIfStatus(tx, orgId, message.id, message.status, { status: change.status })))
      throw new DomainError('CONFLICT', CHANGED_MEANWHILE);
    if (delivery) {
      const cancelled = await updateDeliveryIfUnchanged(tx, delivery, {
        status: change.delivery_status,
        next_retry_at: null,
        status_detail: 'Avbrutet',
        updated_at: now,
      });
      if (!cancelled) throw new DomainError('CONFLICT', CHANGED_MEANWHILE);
    }
    await auditMessage(tx, ctx, message, 'communication.cancelled', { from: message.status });
    return readCommunicationView(tx, orgId, message.id);
  });
}

/** The template's category (what an opt-out covers); custom for a message without one. */
async function categoryOf(db: Db, message: CommunicationRow): Promise<CommTemplateCategory> {
  const template = message.template_id ? await findCommTemplateRow(db, message.org_id, message.template_id) : undefined;
  return template?.category ?? 'custom';
}

/**
 * Puts a failed or bounced message back in the queue as it stands (resend and change of channel):
 * pending, with a new delivery round (attempts from 0) and its job, guarded by the status read.
 */
async function requeueMessage(tx: Db, ctx: OrgScope, message: CommunicationRow, change: Partial<CommunicationRow>): Promise<void> {
  const now = ctx.app.clock.now();
  const updated = await updateCommunicationIfStatus(tx, message.org_id, message.id, message.status, { ...change, status: 'pending', sent_at: null });
  if (!updated) throw new DomainError('CONFLICT', CHANGED_MEANWHILE);
  const delivery = await insertCommDeliveryRow(tx, {
    org_id: message.org_id,
    communication_id: message.id,
    status: 'pending',
    created_at: now,
    updated_at: now,
  });
  await enqueueDelivery(tx, ctx.app, delivery);
}

/** Runs an action on a message of a case as a guarded `send_communication` (rules checked, 'Åtgärd blockerad'). */
async function guardedMessageAction(
  ctx: OrgScope,
  id: string,
  precheck: (message: CommunicationRow, state: CaseState, tx: Db) => Promise<void>,
  perform: (message: CommunicationRow, tx: Db) => Promise<void>,
): Promise<CommunicationResponse> {
  requireScopePermission(ctx, 'communications.send');
  const orgId = ctx.membership.org_id;
  const found = await readMessage(ctx.app.database.db, orgId, parseInput(idSchema, id));
  let message = found;
  const guard = {
    action: 'send_communication',
    precheck: async (state: CaseState, tx: Db) => {
      message = await readMessage(tx, orgId, found.id);
      await precheck(message, state, tx);
    },
  };
  return guardedCaseAction(ctx, found.case_id, guard, async (tx) => {
    await perform(message, tx);
    return readCommunicationView(tx, orgId, message.id);
  });
}

/**
 * 'Skicka igen' (spec part 1 §4): a failed or bounced message goes back to pending with a new
 * delivery round, its text unchanged. Refused for other statuses, for a recipient who has opted
 * out since, and when a rule blocks `send_communication`. 'Resend failed' in the UI otherwise.
 */
export function resendMessage(ctx: OrgScope, id: string): Promise<CommunicationResponse> {
  return guardedMessageAction(
    ctx,
    id,
    async (message, _state, tx) => {
      resendCommunication(message.status);
      await assertNotOptedOut(tx, message.org_id, message.channel, message.recipient, await categoryOf(tx, message));
    },
    async (message, tx) => {
      await requeueMessage(tx, ctx, message, {});
      await auditMessage(tx, ctx, message, 'communication.resent', { from: message.status });
    },
  );
}

/** The new channel's body: the old channel's unsubscribe line taken off, the new one's put on. */
async function bodyForChannel(db: Db, ctx: OrgScope, message: CommunicationRow, to: CommunicationRow['channel'], recipient: string) {
  const oldToken = message.unsubscribe_link_included ? await findUnsubscribeTokenFor(db, message.org_id, message.channel, message.recipient) : undefined;
  const base = oldToken ? removeUnsubscribeLink(message.channel, message.body_rendered, unsubscribeUrl(ctx.app, oldToken.token)) : message.body_rendered;
  const link = await unsubscribeLinkFor(db, ctx.app, message.org_id, to, recipient);
  return { link, body: link ? appendUnsubscribeLink(to, base, link.url) : base };
}

/** The subject on the new channel: the message's own, else the template's rendered for the case (e.g. Kivra → letter). */
async function subjectForChannel(db: Db, ctx: OrgScope, message: CommunicationRow, to: CommunicationRow['channel']): Promise<string | null> {
  const template = message.template_id ? await findCommTemplateRow(db, message.org_id, message.template_id) : undefined;
  if (!template) return subjectFor(to, message.subject, { name: 'Meddelande' });
  if (message.subject !== null) return subjectFor(to, message.subject, template);
  const rendered = await renderCaseMessage(db, ctx.app, { orgId: message.org_id, caseId: message.case_id, template, today: ctx.app.clock.today() });
  return subjectFor(to, rendered.subject, template);
}

/**
 * 'Byt kanal' (spec part 1 §4): a failed or bounced message moves to another channel — Kivra →
 * letter by default, e-mail ↔ SMS — addressed to the debtor's contact for it (refused without
 * one, and for a recipient who opted out of it), with that channel's subject and unsubscribe
 * line, and goes back in the queue with a new delivery round. Rules as for sending. `reason`
 * goes into the audit row when the system changes the channel (Kivra's fallback to letter).
 */
export function changeMessageChannel(
  ctx: OrgScope,
  id: string,
  input: CommunicationChangeChannelInput = {},
  options: { reason?: string | null } = {},
): Promise<CommunicationResponse> {
  const { channel: to } = parseInput(communicationChangeChannelSchema, input);
  let target: { channel: CommunicationRow['channel']; recipient: string } | null = null;
  return guardedMessageAction(
    ctx,
    id,
    async (message, state, tx) => {
      const change = changeCommunicationChannel({ status: message.status, channel: message.channel, ...(to ? { to } : {}), contact: contactOf(state.party) });
      target = { channel: change.channel, recipient: messageRecipient(change.channel, change.recipient) };
      await assertNotOptedOut(tx, message.org_id, target.channel, target.recipient, await categoryOf(tx, message));
    },
    async (message, tx) => {
      if (!target) throw new DomainError('INTERNAL_ERROR');
      const { channel, recipient } = target;
      const { link, body } = await bodyForChannel(tx, ctx, message, channel, recipient);
      const subject = await subjectForChannel(tx, ctx, message, channel);
      const date = ctx.app.clock.today();
      const dedupe_hash = communicationDedupeHash({ org_id: message.org_id, recipient, template_id: message.template_id, subject, body, date });
      await saveUnsubscribeLink(tx, link, { org_id: message.org_id, channel, recipient, now: ctx.app.clock.now() });
      await requeueMessage(tx, ctx, message, { channel, recipient, subject, body_rendered: body, unsubscribe_link_included: link !== null, dedupe_hash });
      await auditMessage(tx, ctx, message, 'communication.channel_changed', {
        from: message.channel,
        to: channel,
        recipient,
        ...(options.reason ? { reason: options.reason } : {}),
      });
    },
  );
}
