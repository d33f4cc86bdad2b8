import { and, eq, isNull } from 'drizzle-orm';
import { CASE_CLOSED_MESSAGE, DomainError, isPaymentPlanDrawnUp, type InterestProfile, type ReferenceRate } from '@fordran/core';
import {
  caseFees,
  caseFlags,
  claims,
  creditors,
  interestProfiles,
  organisations,
  parties,
  paymentPlans,
  referenceRates,
  type CaseRow,
  type ClaimRow,
  type CreditorRow,
  type DbOrTx,
  type InterestProfileRow,
  type PartyRow,
} from '@fordran/store';
import type { OrgScope } from '../access/operator';
import { readCase } from './case-scope';

/** A case with what the use cases decide on: claim, parties, fees and unresolved flags. */
export interface CaseState {
  row: CaseRow;
  claim: ClaimRow;
  creditor: CreditorRow;
  party: PartyRow;
  feeCodes: string[];
  unresolvedFlags: { id: string; rule_code: string }[];
  /** A payment plan was drawn up with the debtor (what the plan fee requires, lag 1981:739 3 § 2). */
  hasPaymentPlan: boolean;
}

/** Loads a case in scope and everything a rule check or fee check needs (NOT_FOUND otherwise). */
export function loadCaseState(tx: DbOrTx, ctx: OrgScope, caseId: string): CaseState {
  const row = readCase(tx, ctx, caseId);
  const orgId = row.org_id;
  const claim = tx
    .select()
    .from(claims)
    .where(and(eq(claims.org_id, orgId), eq(claims.id, row.claim_id)))
    .get();
  const creditor = tx
    .select()
    .from(creditors)
    .where(and(eq(creditors.org_id, orgId), eq(creditors.id, row.creditor_id)))
    .get();
  const party = tx
    .select()
    .from(parties)
    .where(and(eq(parties.org_id, orgId), eq(parties.id, row.party_id)))
    .get();
  if (!claim || !creditor || !party) throw new DomainError('INTERNAL_ERROR', undefined, { case_id: row.id, reason: 'case without claim or parties' });
  const feeCodes = tx
    .select({ code: caseFees.code })
    .from(caseFees)
    .where(and(eq(caseFees.org_id, orgId), eq(caseFees.case_id, row.id)))
    .all()
    .map((fee) => fee.code);
  const unresolvedFlags = tx
    .select({ id: caseFlags.id, rule_code: caseFlags.rule_code })
    .from(caseFlags)
    .where(and(eq(caseFlags.org_id, orgId), eq(caseFlags.case_id, row.id), isNull(caseFlags.resolved_at)))
    .all();
  const hasPaymentPlan = tx
    .select({ status: paymentPlans.status, signed_at: paymentPlans.signed_at })
    .from(paymentPlans)
    .where(and(eq(paymentPlans.org_id, orgId), eq(paymentPlans.case_id, row.id)))
    .all()
    .some(isPaymentPlanDrawnUp);
  return { row, claim, creditor, party, feeCodes, unresolvedFlags, hasPaymentPlan };
}

/** The Riksbank reference rates on record (global), oldest first. */
export function loadReferenceRates(db: DbOrTx): ReferenceRate[] {
  return db
    .select({ valid_from: referenceRates.valid_from, rate_bp: referenceRates.rate_bp, verified: referenceRates.verified })
    .from(referenceRates)
    .orderBy(referenceRates.valid_from)
    .all();
}

export interface ResolvedInterestProfile {
  row: InterestProfileRow;
  profile: InterestProfile;
  /** True when taken from the organisation's default, not chosen for the case. */
  isDefault: boolean;
}

/** The interest profile a case uses: its own, else the organisation's default; null when neither exists. */
export function resolveInterestProfile(db: DbOrTx, orgId: string, profileId: string | null): ResolvedInterestProfile | null {
  let id = profileId;
  const isDefault = id === null;
  if (id === null) {
    id = db.select({ id: organisations.default_interest_profile_id }).from(organisations).where(eq(organisations.id, orgId)).get()?.id ?? null;
  }
  if (id === null) return null;
  const row = db
    .select()
    .from(interestProfiles)
    .where(and(eq(interestProfiles.org_id, orgId), eq(interestProfiles.id, id)))
    .get();
  return row ? { row, profile: row, isDefault } : null;
}

/** Fees and interest go on a case that is being collected, not on a closed one. */
export function assertCaseOpen(state: CaseState): void {
  if (state.row.status === 'closed') {
    throw new DomainError('INVALID_TRANSITION', CASE_CLOSED_MESSAGE, { case_id: state.row.id, status: state.row.status });
  }
}
