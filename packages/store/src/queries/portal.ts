import { and, asc, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { bankidOrders, cases, claims, creditors, parties, portalSessions } from '../schema';
import { realCaseCondition } from './template-qa';
import type { Db } from '../database';
import type { BankidOrderRow, NewBankidOrderRow, NewPortalSessionRow, PortalSessionRow } from '../types';

/*
 * The debtor portal's sign-in: BankID orders and the portal sessions they yield. An order is
 * found by its orderRef (BankID's unguessable id); a session by the SHA-256 of its token.
 */

export async function insertBankidOrderRow(tx: Db, row: NewBankidOrderRow): Promise<void> {
  await tx.insert(bankidOrders).values(row);
}

export async function findBankidOrderByRef(db: Db, orderRef: string): Promise<BankidOrderRow | undefined> {
  return (await db.select().from(bankidOrders).where(eq(bankidOrders.order_ref, orderRef)).limit(1))[0];
}

/**
 * Ends a pending order (complete or failed) and forgets its QR secret. Returns false when another
 * request ended it first: only the one that ends it acts on the result (one session per order).
 */
export async function finishBankidOrder(
  tx: Db,
  id: string,
  change: Pick<NewBankidOrderRow, 'status' | 'hint_code' | 'completion_json' | 'portal_session_id' | 'updated_at'>,
): Promise<boolean> {
  const rows = await tx
    .update(bankidOrders)
    .set({ ...change, qr_start_token: null, qr_start_secret: null })
    .where(and(eq(bankidOrders.id, id), eq(bankidOrders.status, 'pending')))
    .returning({ id: bankidOrders.id });
  return rows.length > 0;
}

/** A pending order's latest hint code (userSign, started, …). */
export async function updateBankidOrderHint(tx: Db, id: string, hintCode: string, now: string): Promise<void> {
  await tx
    .update(bankidOrders)
    .set({ hint_code: hintCode, updated_at: now })
    .where(and(eq(bankidOrders.id, id), eq(bankidOrders.status, 'pending')));
}

/** The organisation's parties with this personnummer, oldest first (a person may be registered twice). */
export function listPartyIdsByNationalId(db: Db, orgId: string, nationalId: string): Promise<{ id: string }[]> {
  return db
    .select({ id: parties.id })
    .from(parties)
    .where(and(eq(parties.org_id, orgId), eq(parties.national_id, nationalId)))
    .orderBy(asc(parties.created_at), asc(parties.id));
}

export async function insertPortalSessionRow(tx: Db, row: NewPortalSessionRow): Promise<void> {
  await tx.insert(portalSessions).values(row);
}

/** The unrevoked session stored under this token hash that expires after `now`. */
export async function findLivePortalSession(db: Db, tokenHash: string, now: string): Promise<PortalSessionRow | undefined> {
  return (
    await db
      .select()
      .from(portalSessions)
      .where(and(eq(portalSessions.token_hash, tokenHash), isNull(portalSessions.revoked_at), gt(portalSessions.expires_at, now)))
      .limit(1)
  )[0];
}

export async function revokePortalSession(tx: Db, id: string, now: string): Promise<void> {
  await tx
    .update(portalSessions)
    .set({ revoked_at: now })
    .where(and(eq(portalSessions.id, id), isNull(portalSessions.revoked_at)));
}

/** The party's open cases (active or paused) in the organisation, newest first, with creditor and claim. */
export function listPortalCaseRows(db: Db, orgId: string, partyId: string) {
  return db
    .select({
      id: cases.id,
      status: cases.status,
      stage: cases.stage,
      creditor_name: creditors.name,
      reference_no: claims.reference_no,
      due_date: claims.due_date,
      total_principal: cases.total_principal,
      total_interest: cases.total_interest,
      total_fees: cases.total_fees,
      total_outstanding: cases.total_outstanding,
      created_at: cases.created_at,
    })
    .from(cases)
    .leftJoin(creditors, and(eq(creditors.id, cases.creditor_id), eq(creditors.org_id, cases.org_id)))
    .leftJoin(claims, and(eq(claims.id, cases.claim_id), eq(claims.org_id, cases.org_id)))
    .where(and(eq(cases.org_id, orgId), eq(cases.party_id, partyId), inArray(cases.status, ['active', 'on_hold']), realCaseCondition()))
    .orderBy(desc(cases.created_at), asc(cases.id));
}
