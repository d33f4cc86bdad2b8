import { DomainError } from '@fordran/core';
import { listCommunicationRows, listDeliveryRowsOf, type CommDeliveryRow, type CommunicationFilter, type Db } from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../../access/operator';
import { readCase } from '../../cases/case-scope';
import { decodeCursor, keysetPage } from '../../paging/keyset';
import { idSchema } from '../../schemas/common';
import { parseInput } from '../../schemas/zod-setup';
import {
  communicationListQuerySchema,
  type CommunicationDetailResponse,
  type CommunicationListResponse,
  type CommunicationResponse,
} from '../../schemas/communications';
import { toCommunicationResponse, toDeliveryResponse } from './communication-view';

export const COMMUNICATION_NOT_FOUND_MESSAGE = 'Meddelandet hittades inte';

/** The messages of `filter` with their current delivery rounds, as the history shows them (at most `limit`). */
async function communicationViews(db: Db, orgId: string, filter: CommunicationFilter, limit: number): Promise<CommunicationResponse[]> {
  const rows = await listCommunicationRows(db, orgId, filter, limit);
  const deliveries = await listDeliveryRowsOf(
    db,
    orgId,
    rows.map((row) => row.communication.id),
  );
  // Newest first: the first row seen of a message is its current round.
  const current = new Map<string, CommDeliveryRow>();
  for (const delivery of deliveries) if (!current.has(delivery.communication_id)) current.set(delivery.communication_id, delivery);
  return rows.map(({ communication, ...names }) => toCommunicationResponse(names, communication, current.get(communication.id)));
}

/** One page of messages, newest first (the history of /communication, or of one case). */
async function communicationPage(ctx: OrgScope, query: unknown, caseId?: string): Promise<CommunicationListResponse> {
  const q = parseInput(communicationListQuerySchema, query);
  const filter: CommunicationFilter = {
    ...((caseId ?? q.case_id) ? { caseId: caseId ?? q.case_id } : {}),
    ...(q.status && q.status.length > 0 ? { statuses: q.status } : {}),
    ...(q.channel ? { channel: q.channel } : {}),
    ...(q.cursor ? { window: { after: decodeCursor(q.cursor) } } : {}),
  };
  const items = await communicationViews(ctx.app.database.db, ctx.membership.org_id, filter, q.limit + 1);
  const page = keysetPage(items, q.limit, (item) => ({ at: item.created_at, id: item.id }));
  return { items: page.rows, next_cursor: page.next_cursor };
}

/**
 * '/communication': the organisation's messages with status, channel, recipient, template and
 * sent date, filtered by status (one or several) and channel, 50 a page by cursor.
 */
export function listCommunications(ctx: OrgScope, query: unknown = {}): Promise<CommunicationListResponse> {
  requireScopePermission(ctx, 'communications.read');
  return communicationPage(ctx, query);
}

/** The case's Kommunikation tab: its messages, newest first (NOT_FOUND for a case out of scope). */
export async function listCaseCommunications(ctx: OrgScope, caseId: string, query: unknown = {}): Promise<CommunicationListResponse> {
  requireScopePermission(ctx, 'communications.read');
  const row = await readCase(ctx.app.database.db, ctx, caseId);
  return communicationPage(ctx, query, row.id);
}

/** One message as the history shows it; NOT_FOUND for another organisation's id. */
export async function readCommunicationView(db: Db, orgId: string, id: string): Promise<CommunicationResponse> {
  const [view] = await communicationViews(db, orgId, { id }, 1);
  if (!view) throw new DomainError('NOT_FOUND', COMMUNICATION_NOT_FOUND_MESSAGE);
  return view;
}

/** One message with every delivery round (the preview dialog). */
export async function getCommunication(ctx: OrgScope, id: string): Promise<CommunicationDetailResponse> {
  requireScopePermission(ctx, 'communications.read');
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const view = await readCommunicationView(db, orgId, parseInput(idSchema, id));
  const deliveries = await listDeliveryRowsOf(db, orgId, [view.id]);
  return { ...view, deliveries: deliveries.map(toDeliveryResponse) };
}
