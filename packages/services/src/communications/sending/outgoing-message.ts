import { DomainError } from '@fordran/core';
import {
  findCaseParties,
  findCaseRow,
  findCommTemplateRow,
  findOrganisationRow,
  findUnsubscribeTokenFor,
  type CommunicationRow,
  type Db,
} from '@fordran/store';
import type { AppContext } from '../../context';
import type { LetterDetails, OutgoingMessage } from '../channels/channel';
import { renderCaseMessage } from '../templates/render-case-message';
import { unsubscribeUrl } from '../opt-out/unsubscribe-links';

/**
 * A letter's envelope and payment block, as of the attempt: the debtor's postal address, the
 * organisation as sender, and the bankgiro, OCR, amount and payment deadline the message's
 * template renders for the case today (the letter is printed today).
 */
async function letterDetailsOf(db: Db, app: AppContext, message: CommunicationRow): Promise<LetterDetails> {
  const row = await findCaseRow(db, { orgId: message.org_id }, message.case_id);
  const organisation = await findOrganisationRow(db, message.org_id);
  const party = row ? (await findCaseParties(db, row)).party : undefined;
  if (!row || !party || !organisation)
    throw new DomainError('INTERNAL_ERROR', undefined, { communication_id: message.id, reason: 'letter without case, debtor or organisation' });
  const address = party.address_json ?? {};
  const lines = [party.name, address.street, [address.zip, address.city].filter(Boolean).join(' ')].filter((line): line is string =>
    Boolean(line && line.trim()),
  );
  const template = message.template_id ? await findCommTemplateRow(db, message.org_id, message.template_id) : undefined;
  if (!template) return { address_lines: lines, sender_name: organisation.name };
  const { values } = await renderCaseMessage(db, app, {
    orgId: message.org_id,
    caseId: message.case_id,
    template,
    today: app.clock.today(),
    sentAt: app.clock.now(),
  });
  return {
    address_lines: lines,
    sender_name: organisation.name,
    payment: {
      bankgiro: values.bankgiro ?? null,
      ocr: values.ocr ?? null,
      amountOre: values.amount ?? row.total_outstanding,
      due_date: values.due_date ?? null,
    },
  };
}

/** The message as it leaves Fordran (channel.ts): its id as idempotency key, the unsubscribe link, a letter's (and Kivra's) details. */
export async function outgoingMessageOf(app: AppContext, message: CommunicationRow): Promise<OutgoingMessage> {
  const db = app.database.db;
  const token = message.unsubscribe_link_included ? await findUnsubscribeTokenFor(db, message.org_id, message.channel, message.recipient) : undefined;
  const base: OutgoingMessage = {
    id: message.id,
    org_id: message.org_id,
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject,
    body: message.body_rendered,
    unsubscribe_url: token ? unsubscribeUrl(app, token.token) : null,
  };
  if (message.channel !== 'letter' && message.channel !== 'kivra') return base;
  // Kivra gets the letter's PDF and payment block too (its payment option), and keeps the personnummer as recipient.
  const letter = await letterDetailsOf(db, app, message);
  if (message.channel === 'kivra') return { ...base, letter };
  // A letter is addressed to a person; communications.recipient keeps the address line it went to.
  return { ...base, recipient: letter.address_lines[0] ?? message.recipient, letter };
}
