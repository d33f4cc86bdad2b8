import {
  appendUnsubscribeLink,
  COMM_CHANNEL_LABELS,
  COMM_CHANNELS,
  COMM_CHANNELS_WITH_SUBJECT,
  communicationDedupeHash,
  DomainError,
  evaluateRules,
  hasContactForChannel,
  isDomainError,
  OPT_OUT_LETTER_EXEMPTION_TEXT,
  optOutApplies,
  UNSUBSCRIBE_LINK_CHANNELS,
  type CommChannel,
} from '@fordran/core';
import {
  hasCommunicationWithDedupeHash,
  insertCommDeliveryRow,
  insertCommunicationRow,
  isRecipientOptedOut,
  listCommTemplateRows,
  listOptedOutChannels,
  type CommTemplateRow,
  type Db,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../../access/operator';
import { appendAudit } from '../../audit/audit-log';
import { appendCaseEvent } from '../../cases/case-events';
import { actionBlocked, guardedCaseAction, reportedViolations } from '../../cases/case-rules';
import { caseRuleFacts, loadRules } from '../../cases/case-rule-facts';
import { loadCaseState, type CaseState } from '../../cases/case-state';
import type { AppContext } from '../../context';
import { parseInput } from '../../schemas/zod-setup';
import {
  communicationSendSchema,
  type CommunicationPreviewResponse,
  type CommunicationSendInput,
  type CommunicationSendOptions,
  type CommunicationSendResponse,
} from '../../schemas/communications';
import { channelClientFor } from '../channels/channel';
import { findTemplateForSending, renderCaseMessage } from '../templates/render-case-message';
import { saveUnsubscribeLink, unsubscribeLinkFor, type UnsubscribeLink } from '../opt-out/unsubscribe-links';
import { readCommunicationView } from './communication-history';
import { enqueueDelivery } from './delivery-queue';
import { assertNotOptedOut, contactOf, recipientFor } from './message-recipients';

/** A message ready to be written: rendered for the case, addressed, with its link and duplicate hash. */
export interface PreparedMessage {
  template: CommTemplateRow;
  channel: CommChannel;
  recipient: string;
  subject: string | null;
  body: string;
  link: UnsubscribeLink | null;
  dedupeHash: string;
}

/** The subject a channel carries: e-mail and letter the template's (its name when it has none), the others none. */
export function subjectFor(channel: CommChannel, rendered: string | null, template: Pick<CommTemplateRow, 'name'>): string | null {
  return COMM_CHANNELS_WITH_SUBJECT.includes(channel) ? (rendered ?? template.name) : null;
}

/**
 * The message as it would go out now, or the refusal that stops it, in the order a person fixes
 * them: the template (NOT_FOUND, switched off), the debtor's contact for the channel
 * (NO_CONTACT_FOR_CHANNEL), an opt-out (RECIPIENT_OPTED_OUT), the rendering (a missing value),
 * and the same message already sent today (DUPLICATE_COMMUNICATION, part 1 §9).
 */
export async function prepareMessage(
  db: Db,
  ctx: OrgScope,
  state: CaseState,
  input: { template: string; channel?: CommChannel | undefined },
): Promise<PreparedMessage> {
  const orgId = state.row.org_id;
  const template = await findTemplateForSending(db, orgId, input.template);
  const channel = input.channel ?? template.channel;
  const recipient = recipientFor(channel, state.party);
  await assertNotOptedOut(db, orgId, channel, recipient, template.category);
  const today = ctx.app.clock.today();
  const rendered = await renderCaseMessage(db, ctx.app, { orgId, caseId: state.row.id, template, today, sentAt: ctx.app.clock.now() });
  const subject = subjectFor(channel, rendered.subject, template);
  const link = await unsubscribeLinkFor(db, ctx.app, orgId, channel, recipient);
  const body = link ? appendUnsubscribeLink(channel, rendered.body, link.url) : rendered.body;
  const dedupeHash = communicationDedupeHash({ org_id: orgId, recipient, template_id: template.id, subject, body, date: today });
  if (await hasCommunicationWithDedupeHash(db, orgId, dedupeHash))
    throw new DomainError('DUPLICATE_COMMUNICATION', undefined, { template: template.code, recipient });
  return { template, channel, recipient, subject, body, link, dedupeHash };
}

/** Writes the prepared message: the row (pending), its delivery, the case event, the audit row and the delivery job. */
export async function writeMessage(tx: Db, ctx: OrgScope, state: CaseState, prepared: PreparedMessage) {
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  const orgId = state.row.org_id;
  const { template, channel, recipient } = prepared;
  await saveUnsubscribeLink(tx, prepared.link, { org_id: orgId, channel, recipient, now });
  const message = await insertCommunicationRow(tx, {
    org_id: orgId,
    case_id: state.row.id,
    channel,
    template_id: template.id,
    recipient,
    subject: prepared.subject,
    body_rendered: prepared.body,
    status: 'pending',
    dedupe_hash: prepared.dedupeHash,
    unsubscribe_link_included: prepared.link !== null,
    created_by: actor,
    created_at: now,
  });
  const delivery = await insertCommDeliveryRow(tx, { org_id: orgId, communication_id: message.id, status: 'pending', created_at: now, updated_at: now });
  const payload = { communication_id: message.id, channel, template_id: template.id, template_code: template.code, subject: prepared.subject, recipient };
  await appendCaseEvent(tx, { org_id: orgId, case_id: state.row.id, type: 'COMMUNICATION_SENT', actor_id: actor, payload, created_at: now });
  await appendAudit(tx, {
    org_id: orgId,
    actor_id: actor,
    event: 'communication.sent',
    entity: 'communications',
    entity_id: message.id,
    payload: { case_id: state.row.id, ...payload },
    created_at: now,
  });
  await enqueueDelivery(tx, ctx.app, delivery);
  return readCommunicationView(tx, orgId, message.id);
}

/**
 * 'Skicka meddelande' (spec part 1 §2, §5): renders the template with the case's values at this
 * moment and queues the message for delivery. Refused, with nothing written: an unknown or
 * switched-off template, no e-mail or phone for the channel ('Ingen e-postadress/telefonnummer
 * finns för gäldenären'), a recipient who opted out of the channel (a letter of a legal step is
 * still sent), the same message already sent today; then the rules for `send_communication`
 * ('Åtgärd blockerad': only the flags that explain it are kept). One transaction writes the
 * message (pending, its body as rendered, its duplicate hash, the unsubscribe link for e-mail and
 * SMS), its delivery row, the COMMUNICATION_SENT event, the audit row and the delivery job.
 */
export async function sendCommunication(ctx: OrgScope, caseId: string, input: CommunicationSendInput): Promise<CommunicationSendResponse> {
  requireScopePermission(ctx, 'communications.send');
  const value = parseInput(communicationSendSchema, input);
  let prepared: PreparedMessage | null = null;
  const guard = {
    action: 'send_communication',
    precheck: async (state: CaseState, tx: Db) => {
      prepared = await prepareMessage(tx, ctx, state, value);
    },
  };
  return guardedCaseAction(ctx, caseId, guard, async (tx, state, evaluation) => {
    if (!prepared) throw new DomainError('INTERNAL_ERROR');
    const communication = await writeMessage(tx, ctx, state, prepared);
    return { communication, violations: evaluation ? reportedViolations(evaluation) : [] };
  });
}

/** What the send dialog can say about opt-outs: the channels opted out, and why a letter still goes. */
async function optOutFacts(db: Db, state: CaseState, channel: CommChannel, template: CommTemplateRow) {
  const contacts = COMM_CHANNELS.filter((each) => UNSUBSCRIBE_LINK_CHANNELS.includes(each) && hasContactForChannel(each, contactOf(state.party))).map(
    (each) => ({ channel: each, recipient: recipientFor(each, state.party) }),
  );
  const optedOut = await listOptedOutChannels(db, state.row.org_id, contacts);
  const note = optedOut.length > 0 && !optOutApplies(channel, template.category) ? OPT_OUT_LETTER_EXEMPTION_TEXT : null;
  return { opted_out_channels: optedOut, opt_out_note: note };
}

/**
 * The send dialog's preview: the template rendered with the case's real values for the chosen
 * channel (its own when none), the recipient, and what would refuse sending now — no contact, an
 * opt-out, already sent today, a rule that blocks — without writing anything. A template that
 * cannot be rendered (a value missing) is refused as sending would be.
 */
export async function previewCommunication(ctx: OrgScope, caseId: string, input: CommunicationSendInput): Promise<CommunicationPreviewResponse> {
  requireScopePermission(ctx, 'communications.read');
  const value = parseInput(communicationSendSchema, input);
  const db = ctx.app.database.db;
  const state = await loadCaseState(db, ctx, caseId);
  const template = await findTemplateForSending(db, state.row.org_id, value.template);
  const channel = value.channel ?? template.channel;
  const today = ctx.app.clock.today();
  const rendered = await renderCaseMessage(db, ctx.app, { orgId: state.row.org_id, caseId: state.row.id, template, today, sentAt: ctx.app.clock.now() });
  let refusal: CommunicationPreviewResponse['refusal'] = null;
  let recipient: string | null = null;
  try {
    recipient = (await prepareMessage(db, ctx, state, { template: template.id, channel })).recipient;
    const evaluation = evaluateRules('send_communication', await caseRuleFacts(db, state, today), await loadRules(db, state.row.org_id));
    if (evaluation.blocked) {
      const blocked = actionBlocked(evaluation, 'send_communication');
      refusal = { code: blocked.code, message: blocked.message };
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    refusal = { code: error.code, message: error.message };
    recipient = error.code === 'NO_CONTACT_FOR_CHANNEL' ? null : recipientFor(channel, state.party);
  }
  return {
    channel,
    channel_label: COMM_CHANNEL_LABELS[channel],
    recipient,
    subject: subjectFor(channel, rendered.subject, template),
    body: rendered.body,
    unsubscribe_link: UNSUBSCRIBE_LINK_CHANNELS.includes(channel),
    refusal,
    ...(await optOutFacts(db, state, channel, template)),
  };
}

/** A channel as the send dialog shows it: the recipient, an opt-out, or why nothing can go on it. */
async function channelOption(db: Db, app: AppContext, state: CaseState, channel: CommChannel): Promise<CommunicationSendOptions['channels'][number]> {
  // The same client the delivery worker will use, so the dialog says so when it is a stand-in.
  const { simulated } = await channelClientFor(app, state.row.org_id, channel);
  const base = { channel, channel_label: COMM_CHANNEL_LABELS[channel], simulated };
  try {
    const recipient = recipientFor(channel, state.party);
    return { ...base, recipient, opted_out: await isRecipientOptedOut(db, state.row.org_id, channel, recipient), unavailable_reason: null };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return { ...base, recipient: null, opted_out: false, unavailable_reason: error.message };
  }
}

/**
 * What 'Skicka meddelande' offers on a case: the organisation's active templates (by category,
 * then name) and every channel with the debtor's address on it, an opt-out, or why nothing can be
 * sent on it — so the dialog shows a refusal before the click, as the fee dialog does — and
 * whether it runs on a local stand-in (simulation).
 */
export async function communicationSendOptions(ctx: OrgScope, caseId: string): Promise<CommunicationSendOptions> {
  requireScopePermission(ctx, 'communications.read');
  const db = ctx.app.database.db;
  const state = await loadCaseState(db, ctx, caseId);
  const templates = (await listCommTemplateRows(db, state.row.org_id))
    .filter((template) => template.is_active)
    .map(({ id, code, name, category, channel }) => ({ id, code, name, category, channel }));
  const channels = [];
  for (const channel of COMM_CHANNELS) channels.push(await channelOption(db, ctx.app, state, channel));
  return { templates, channels };
}
