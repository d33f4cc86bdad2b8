import { interestRatePaOn, ore, type RuleDefinition, type RuleFacts } from '@fordran/core';
import { listPrescriptionInterruptionRows, listRuleRows, type Db } from '@fordran/store';
import { asInterruption, claimAroseOn } from '../prescription/case-prescription';
import { loadReferenceRates, resolveInterestProfile, type CaseState } from './case-state';

/** The organisation's rules as the engine reads them (inactive ones included; the engine skips them). */
export function loadRules(db: Db, orgId: string): Promise<RuleDefinition[]> {
  return listRuleRows(db, orgId);
}

/** What the rule engine knows about a case on `today`; `extra` adds the action's own facts. */
export async function caseRuleFacts(db: Db, state: CaseState, today: string, extra: Partial<RuleFacts> = {}): Promise<RuleFacts> {
  const resolved = await resolveInterestProfile(db, state.row.org_id, state.row.interest_profile_id);
  let interestRatePa: string | null = null;
  if (resolved) {
    const referenceRates = await loadReferenceRates(db);
    try {
      interestRatePa = interestRatePaOn(resolved.profile, today, referenceRates);
    } catch {
      // A half-year without a reference rate: the interest_cap check has no rate to compare.
      interestRatePa = null;
    }
  }
  return {
    caseStatus: state.row.status,
    caseStage: state.row.stage,
    debtorType: state.party.type,
    aroseOn: claimAroseOn(state.claim).arose_on,
    prescriptionYears: state.claim.prescription_years ?? null,
    interruptions: (await listPrescriptionInterruptionRows(db, state.row.org_id, state.claim.id)).map(asInterruption),
    today,
    existingFeeCodes: state.feeCodes,
    principalOre: state.row.total_principal,
    interestOre: ore(state.row.total_interest),
    interestRatePa,
    unresolvedFlags: state.unresolvedFlags,
    ...extra,
  };
}
