import { interestRatePaOn, ore, type RuleDefinition, type RuleFacts } from '@fordran/core';
import { listRuleRows, type Db } from '@fordran/store';
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
    dueDate: state.claim.due_date,
    lastInterruptionDate: state.claim.prescription_interrupted_on ?? null,
    today,
    existingFeeCodes: state.feeCodes,
    principalOre: state.row.total_principal,
    interestOre: ore(state.row.total_interest),
    interestRatePa,
    unresolvedFlags: state.unresolvedFlags,
    ...extra,
  };
}
