import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../database';
import { commTemplates, communications, paymentAllocations, prescriptionInterruptions, profiles } from '../schema';
import type { NewPrescriptionInterruptionRow, PrescriptionInterruptionRow } from '../types';

export async function insertPrescriptionInterruptionRow(tx: Db, row: NewPrescriptionInterruptionRow): Promise<PrescriptionInterruptionRow> {
  return (await tx.insert(prescriptionInterruptions).values(row).returning())[0]!;
}

/** An interruption as the case page lists it: with who entered it (null = the system). */
export type PrescriptionInterruptionViewRow = PrescriptionInterruptionRow & { created_by_name: string | null };

/** The claim's interruptions, oldest first (same day: in the order written). */
export function listPrescriptionInterruptionRows(db: Db, orgId: string, claimId: string): Promise<PrescriptionInterruptionViewRow[]> {
  return db
    .select({
      id: prescriptionInterruptions.id,
      org_id: prescriptionInterruptions.org_id,
      claim_id: prescriptionInterruptions.claim_id,
      case_id: prescriptionInterruptions.case_id,
      interrupted_on: prescriptionInterruptions.interrupted_on,
      kind: prescriptionInterruptions.kind,
      reason: prescriptionInterruptions.reason,
      payment_allocation_id: prescriptionInterruptions.payment_allocation_id,
      communication_id: prescriptionInterruptions.communication_id,
      created_by: prescriptionInterruptions.created_by,
      created_at: prescriptionInterruptions.created_at,
      created_by_name: profiles.full_name,
    })
    .from(prescriptionInterruptions)
    .leftJoin(profiles, eq(profiles.id, prescriptionInterruptions.created_by))
    .where(and(eq(prescriptionInterruptions.org_id, orgId), eq(prescriptionInterruptions.claim_id, claimId)))
    .orderBy(asc(prescriptionInterruptions.interrupted_on), asc(prescriptionInterruptions.id));
}

/** The interruptions of a batch of claims (the nightly check), any order. */
export async function listPrescriptionInterruptionsOfClaims(db: Db, orgId: string, claimIds: readonly string[]): Promise<PrescriptionInterruptionRow[]> {
  if (claimIds.length === 0) return [];
  return db
    .select()
    .from(prescriptionInterruptions)
    .where(and(eq(prescriptionInterruptions.org_id, orgId), inArray(prescriptionInterruptions.claim_id, [...claimIds])));
}

/** A reversed payment never interrupted anything: its allocations' interruptions go with them. */
export async function deletePrescriptionInterruptionsOfPayment(tx: Db, orgId: string, paymentId: string): Promise<void> {
  const allocationIds = tx
    .select({ id: paymentAllocations.id })
    .from(paymentAllocations)
    .where(and(eq(paymentAllocations.org_id, orgId), eq(paymentAllocations.payment_id, paymentId)));
  await tx
    .delete(prescriptionInterruptions)
    .where(and(eq(prescriptionInterruptions.org_id, orgId), inArray(prescriptionInterruptions.payment_allocation_id, allocationIds)));
}

/** The template category of a message (reminder, demand …); null for a message without a template. */
export async function findCommunicationCategory(db: Db, orgId: string, communicationId: string): Promise<string | null> {
  const rows = await db
    .select({ category: commTemplates.category })
    .from(communications)
    .innerJoin(commTemplates, eq(commTemplates.id, communications.template_id))
    .where(and(eq(communications.org_id, orgId), eq(communications.id, communicationId)));
  return rows[0]?.category ?? null;
}
