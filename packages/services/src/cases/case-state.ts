import { CASE_CLOSED_MESSAGE, DomainError, isPaymentPlanDrawnUp, type InterestProfile, type ReferenceRate } from '@fordran/core';
import {
  findInterestProfileRow,
  findCaseParties,
  findDefaultInterestProfileId,
  listCaseFeeCodes,
  listCasePaymentPlanStates,
  listOpenCaseFlagRefs,
  listReferenceRatesOldestFirst,
  type CaseRow,
  type ClaimRow,
  type CreditorRow,
  type Db,
  type InterestProfileRow,
  type PartyRow,
} from '@fordran/store';
import type { OrgScope } from '../access/operator';
import { readCase } from './case-scope';
import { caseHasSentDemand } from '../communications/templates/case-demand';

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
  /** A compliant inkassokrav was sent (what the collection fee requires, lag 1981:739 3 § 1). */
  hasSentDemand: boolean;
}

/** Loads a case in scope and everything a rule check or fee check needs (NOT_FOUND otherwise). */
export async function loadCaseState(tx: Db, ctx: OrgScope, caseId: string): Promise<CaseState> {
  const row = await readCase(tx, ctx, caseId);
  const orgId = row.org_id;
  const { claim, creditor, party } = await findCaseParties(tx, row);
  if (!claim || !creditor || !party) throw new DomainError('INTERNAL_ERROR', undefined, { case_id: row.id, reason: 'case without claim or parties' });
  const feeCodes = await listCaseFeeCodes(tx, orgId, row.id);
  const unresolvedFlags = await listOpenCaseFlagRefs(tx, orgId, row.id);
  const hasPaymentPlan = (await listCasePaymentPlanStates(tx, orgId, row.id)).some(isPaymentPlanDrawnUp);
  const hasSentDemand = await caseHasSentDemand(tx, orgId, row.id);
  return { row, claim, creditor, party, feeCodes, unresolvedFlags, hasPaymentPlan, hasSentDemand };
}

/** The Riksbank reference rates on record (global), oldest first. */
export function loadReferenceRates(db: Db): Promise<ReferenceRate[]> {
  return listReferenceRatesOldestFirst(db);
}

export interface ResolvedInterestProfile {
  row: InterestProfileRow;
  profile: InterestProfile;
  /** True when taken from the organisation's default, not chosen for the case. */
  isDefault: boolean;
}

/** The interest profile a case uses: its own, else the organisation's default; null when neither exists. */
export async function resolveInterestProfile(db: Db, orgId: string, profileId: string | null): Promise<ResolvedInterestProfile | null> {
  const isDefault = profileId === null;
  const id = profileId ?? (await findDefaultInterestProfileId(db, orgId));
  if (id === null) return null;
  const row = await findInterestProfileRow(db, orgId, id);
  return row ? { row, profile: row, isDefault } : null;
}

/** Fees and interest go on a case that is being collected, not on a closed one. */
export function assertCaseOpen(state: CaseState): void {
  if (state.row.status === 'closed') {
    throw new DomainError('INVALID_TRANSITION', CASE_CLOSED_MESSAGE, { case_id: state.row.id, status: state.row.status });
  }
}
