import { COMM_CHANNEL_ALTERNATIVES, COMM_CHANNEL_LABELS, communicationActions, communicationStatusLabel } from '@fordran/core';
import type { CommDeliveryRow, CommunicationListRow, CommunicationRow } from '@fordran/store';
import type { CommunicationDeliveryResponse, CommunicationResponse } from '../../schemas/communications';

/**
 * An attempt is with the provider: the delivery was claimed (queued) and no answer is recorded
 * yet; its next_retry_at says when it counts as interrupted. A provider's own queue (a letter in
 * the print queue) is queued without a next_retry_at.
 */
export function isDeliveryInFlight(delivery: Pick<CommDeliveryRow, 'status' | 'next_retry_at'> | undefined): boolean {
  return delivery?.status === 'queued' && delivery.next_retry_at !== null;
}

export function toDeliveryResponse(row: CommDeliveryRow): CommunicationDeliveryResponse {
  return {
    id: row.id,
    status: row.status,
    status_label: communicationStatusLabel(row.status),
    provider: row.provider,
    provider_message_id: row.provider_message_id,
    attempts: row.attempts,
    status_detail: row.status_detail,
    next_retry_at: row.next_retry_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** What the history shows of a message: its text and statuses, what it is about, and the actions offered. */
export function toCommunicationResponse(
  listRow: Omit<CommunicationListRow, 'communication'>,
  row: CommunicationRow,
  delivery: CommDeliveryRow | undefined,
): CommunicationResponse {
  const inFlight = isDeliveryInFlight(delivery);
  const actions = communicationActions(row.status);
  return {
    id: row.id,
    case_id: row.case_id,
    case_reference: listRow.case_reference,
    debtor_name: listRow.debtor_name,
    channel: row.channel,
    channel_label: COMM_CHANNEL_LABELS[row.channel],
    recipient: row.recipient,
    subject: row.subject,
    body: row.body_rendered,
    status: row.status,
    status_label: communicationStatusLabel(row.status),
    template_id: row.template_id,
    template_code: listRow.template_code,
    template_name: listRow.template_name,
    unsubscribe_link_included: row.unsubscribe_link_included,
    rendered_pdf_id: row.rendered_pdf_id,
    open_count: row.open_count,
    sent_at: row.sent_at,
    created_at: row.created_at,
    delivery: delivery ? toDeliveryResponse(delivery) : null,
    in_flight: inFlight,
    actions: { ...actions, can_cancel: actions.can_cancel && !inFlight },
    change_channel_to: actions.can_change_channel ? [...COMM_CHANNEL_ALTERNATIVES[row.channel]] : [],
  };
}
