import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ReferenceRate } from '@fordran/core';
import type { Db } from '../database';
import { organisations, paymentAllocations, payments, referenceRates } from '../schema';

/** The Riksbank reference rates on record (global), oldest first. */
export function listReferenceRatesOldestFirst(db: Db): Promise<ReferenceRate[]> {
  return db
    .select({ valid_from: referenceRates.valid_from, rate_bp: referenceRates.rate_bp, verified: referenceRates.verified })
    .from(referenceRates)
    .orderBy(asc(referenceRates.valid_from));
}

/** The id of the organisation's default interest profile; null when it has none. */
export async function findDefaultInterestProfileId(db: Db, orgId: string): Promise<string | null> {
  return (await db.select({ id: organisations.default_interest_profile_id }).from(organisations).where(eq(organisations.id, orgId)).limit(1))[0]?.id ?? null;
}

/** Each allocation to `caseIds` with its payment's date: what payments settled on those cases. */
export function listCaseSettlementRows(db: Db, orgId: string, caseIds: readonly string[]) {
  return db
    .select({
      case_id: paymentAllocations.case_id,
      date: payments.paid_at,
      principalOre: paymentAllocations.principal_amount,
      interestOre: paymentAllocations.interest_amount,
      feesOre: paymentAllocations.fees_amount,
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.payment_id))
    .where(and(eq(paymentAllocations.org_id, orgId), inArray(paymentAllocations.case_id, [...caseIds])))
    .orderBy(asc(paymentAllocations.id));
}
