import { and, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import { cases, claims, commDeliveries, commTemplates, communications, parties } from '../schema';
import type { CommDeliveryRow, CommunicationRow, NewCommDeliveryRow, NewCommunicationRow } from '../types';
import { keysetWindowCondition, type KeysetWindow } from './keyset';

/*
 * Messages to debtors (communications) and their delivery rounds (comm_deliveries): one delivery
 * row per round — the first send, and each resend or change of channel — of which the newest is
 * the message's current one. Every status write is guarded by the status (and for the delivery
 * worker the attempt) it read, so a cancel and a delivery attempt never both win.
 */

type CommunicationStatus = CommunicationRow['status'];

export async function insertCommunicationRow(tx: Db, row: NewCommunicationRow): Promise<CommunicationRow> {
  return (await tx.insert(communications).values(row).returning())[0]!;
}

export async function insertCommDeliveryRow(tx: Db, row: NewCommDeliveryRow): Promise<CommDeliveryRow> {
  return (await tx.insert(commDeliveries).values(row).returning())[0]!;
}

/** One message of the organisation; undefined for another organisation's id. */
export async function findCommunicationRow(db: Db, orgId: string, id: string): Promise<CommunicationRow | undefined> {
  return (
    await db
      .select()
      .from(communications)
      .where(and(eq(communications.org_id, orgId), eq(communications.id, id)))
      .limit(1)
  )[0];
}

/** The message's current delivery round (its newest delivery row). */
export async function findCurrentDeliveryRow(db: Db, orgId: string, communicationId: string): Promise<CommDeliveryRow | undefined> {
  return (
    await db
      .select()
      .from(commDeliveries)
      .where(and(eq(commDeliveries.org_id, orgId), eq(commDeliveries.communication_id, communicationId)))
      .orderBy(desc(commDeliveries.id))
      .limit(1)
  )[0];
}

/** A delivery row by id alone (the delivery worker's job names it, whichever organisation it is for). */
export async function findDeliveryRowById(db: Db, id: string): Promise<CommDeliveryRow | undefined> {
  return (await db.select().from(commDeliveries).where(eq(commDeliveries.id, id)).limit(1))[0];
}

/**
 * Whether the organisation holds a message with this duplicate hash (the hash covers the day)
 * that was not cancelled: a cancelled message never went out, so sending it again is no repeat.
 */
export async function hasCommunicationWithDedupeHash(db: Db, orgId: string, dedupeHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: communications.id })
    .from(communications)
    .where(and(eq(communications.org_id, orgId), eq(communications.dedupe_hash, dedupeHash), ne(communications.status, 'cancelled')))
    .limit(1);
  return rows.length > 0;
}

/** Changes a message if its status is still `expected`; undefined when it moved meanwhile. */
export async function updateCommunicationIfStatus(
  tx: Db,
  orgId: string,
  id: string,
  expected: CommunicationStatus,
  change: Partial<NewCommunicationRow>,
): Promise<CommunicationRow | undefined> {
  const rows = await tx
    .update(communications)
    .set(change)
    .where(and(eq(communications.org_id, orgId), eq(communications.id, id), eq(communications.status, expected)))
    .returning();
  return rows[0];
}

/**
 * Changes a delivery row if it is as read: the same status and the same number of attempts (each
 * claim counts one, so a worker that lost its attempt to another never records over it).
 */
export async function updateDeliveryIfUnchanged(
  tx: Db,
  row: Pick<CommDeliveryRow, 'id' | 'status' | 'attempts'>,
  change: Partial<NewCommDeliveryRow>,
): Promise<CommDeliveryRow | undefined> {
  const rows = await tx
    .update(commDeliveries)
    .set(change)
    .where(and(eq(commDeliveries.id, row.id), eq(commDeliveries.status, row.status), eq(commDeliveries.attempts, row.attempts)))
    .returning();
  return rows[0];
}

/** Which of an organisation's messages a history page shows. */
export interface CommunicationFilter {
  /** One message. */
  id?: string;
  caseId?: string;
  statuses?: readonly CommunicationStatus[];
  channel?: CommunicationRow['channel'];
  /** A keyset page of the newest-first order (created_at, id). */
  window?: KeysetWindow;
}

function communicationFilterCondition(orgId: string, filter: CommunicationFilter): SQL | undefined {
  return and(
    eq(communications.org_id, orgId),
    filter.id ? eq(communications.id, filter.id) : undefined,
    filter.caseId ? eq(communications.case_id, filter.caseId) : undefined,
    filter.statuses && filter.statuses.length > 0 ? inArray(communications.status, [...filter.statuses]) : undefined,
    filter.channel ? eq(communications.channel, filter.channel) : undefined,
    filter.window ? keysetWindowCondition(communications.created_at, communications.id, filter.window) : undefined,
  );
}

/** A message as the history lists it: with its template's name and category, the case's reference and the debtor. */
export interface CommunicationListRow {
  communication: CommunicationRow;
  template_name: string | null;
  template_code: string | null;
  template_category: string | null;
  case_reference: string | null;
  debtor_name: string | null;
}

/** The organisation's messages matching `filter`, newest first by (created_at, id), at most `limit`. */
export async function listCommunicationRows(db: Db, orgId: string, filter: CommunicationFilter, limit: number): Promise<CommunicationListRow[]> {
  return db
    .select({
      communication: communications,
      template_name: commTemplates.name,
      template_code: commTemplates.code,
      template_category: commTemplates.category,
      case_reference: claims.reference_no,
      debtor_name: parties.name,
    })
    .from(communications)
    .leftJoin(commTemplates, and(eq(commTemplates.org_id, communications.org_id), eq(commTemplates.id, communications.template_id)))
    .leftJoin(cases, and(eq(cases.org_id, communications.org_id), eq(cases.id, communications.case_id)))
    .leftJoin(claims, and(eq(claims.org_id, cases.org_id), eq(claims.id, cases.claim_id)))
    .leftJoin(parties, and(eq(parties.org_id, cases.org_id), eq(parties.id, cases.party_id)))
    .where(communicationFilterCondition(orgId, filter))
    .orderBy(desc(communications.created_at), desc(communications.id))
    .limit(limit);
}

/** The delivery rows of these messages, newest first (the caller takes each message's first). */
export async function listDeliveryRowsOf(db: Db, orgId: string, communicationIds: readonly string[]): Promise<CommDeliveryRow[]> {
  if (communicationIds.length === 0) return [];
  return db
    .select()
    .from(commDeliveries)
    .where(and(eq(commDeliveries.org_id, orgId), inArray(commDeliveries.communication_id, [...communicationIds])))
    .orderBy(desc(commDeliveries.id));
}
