import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../database';
import { cases, claims, commDeliveries, communications } from '../schema';

/*
 * The print queue of the manual letter provider: letters whose PDF is rendered and that wait, as
 * `queued`, for staff to print and post them (SendOutcome status 'queued', rendered_pdf_key →
 * communications.rendered_pdf_id). Printing a batch marks them sent.
 */

export interface QueuedLetterRow {
  id: string;
  case_id: string;
  reference_no: string | null;
  recipient: string;
  subject: string | null;
  rendered_pdf_id: string;
  created_at: string;
}

function queuedLetters(orgId: string) {
  return and(
    eq(communications.org_id, orgId),
    eq(communications.channel, 'letter'),
    eq(communications.status, 'queued'),
    isNotNull(communications.rendered_pdf_id),
  );
}

/** The oldest `limit` letters waiting in the organisation's print queue, oldest first. */
export async function listQueuedLetters(db: Db, orgId: string, limit: number): Promise<QueuedLetterRow[]> {
  const rows = await db
    .select({
      id: communications.id,
      case_id: communications.case_id,
      reference_no: claims.reference_no,
      recipient: communications.recipient,
      subject: communications.subject,
      rendered_pdf_id: communications.rendered_pdf_id,
      created_at: communications.created_at,
    })
    .from(communications)
    .leftJoin(cases, and(eq(cases.org_id, orgId), eq(cases.id, communications.case_id)))
    .leftJoin(claims, and(eq(claims.org_id, orgId), eq(claims.id, cases.claim_id)))
    .where(queuedLetters(orgId))
    .orderBy(asc(communications.created_at), asc(communications.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, rendered_pdf_id: row.rendered_pdf_id! }));
}

/**
 * Takes the oldest `limit` queued letters out of the queue: marks them and their deliveries sent
 * at `now`, and returns them in queue order. A letter another batch took meanwhile is not taken
 * twice: the update only touches rows still queued.
 */
export async function takeQueuedLetters(tx: Db, orgId: string, limit: number, now: string): Promise<QueuedLetterRow[]> {
  const candidates = await listQueuedLetters(tx, orgId, limit);
  if (candidates.length === 0) return [];
  const taken = await tx
    .update(communications)
    .set({ status: 'sent', sent_at: now })
    .where(
      and(
        queuedLetters(orgId),
        inArray(
          communications.id,
          candidates.map((letter) => letter.id),
        ),
      ),
    )
    .returning({ id: communications.id });
  const takenIds = new Set(taken.map((row) => row.id));
  if (takenIds.size > 0) {
    await tx
      .update(commDeliveries)
      .set({ status: 'sent', updated_at: now })
      .where(and(eq(commDeliveries.org_id, orgId), eq(commDeliveries.status, 'queued'), inArray(commDeliveries.communication_id, [...takenIds])));
  }
  return candidates.filter((letter) => takenIds.has(letter.id));
}
