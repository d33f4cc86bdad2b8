import {
  allowedCaseStageChanges,
  allowedCaseStatusTransitions,
  caseFeeOptions,
  caseMessageReference,
  formatInterestProfileRate,
  oreToDecimal,
  RULE_SEVERITIES,
  type FeeCatalogueEntry,
} from '@fordran/core';
import { countCaseTabRows, listCaseCreditorRefs, listFeeCatalogueEntries, listCaseFeeRows, listOpenCaseFlagRows, type Db } from '@fordran/store';
import type { OrgScope } from '../access/operator';
import type { CaseDetail } from '../schemas/cases';
import { caseRuleFacts, loadRules } from './case-rule-facts';
import { loadCaseState, resolveInterestProfile, type CaseState, type ResolvedInterestProfile } from './case-state';
import { loadCodeNames } from '../labels/code-names';
import { personName } from '../auth/users';
import { claimAroseOn, loadCasePrescription } from '../prescription/case-prescription';

/** The organisation's fee catalogue as core reads it (every version, active or not). */
export function loadFeeCatalogue(db: Db, orgId: string): Promise<FeeCatalogueEntry[]> {
  return listFeeCatalogueEntries(db, orgId);
}

async function creditorRefs(db: Db, orgId: string, ids: (string | null)[]): Promise<Map<string, { id: string; name: string }>> {
  const rows = await listCaseCreditorRefs(
    db,
    orgId,
    ids.filter((id): id is string => id !== null),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every catalogue fee in force with whether it can be added now and, if not, why (the add-fee dialog). */
async function feeOptionsOf(db: Db, state: CaseState, catalogue: readonly FeeCatalogueEntry[], today: string): Promise<CaseDetail['fee_options']> {
  const rules = await loadRules(db, state.row.org_id);
  const ruleFacts = await caseRuleFacts(db, state, today);
  return caseFeeOptions({
    existingFeeCodes: state.feeCodes,
    debtorType: state.party.type,
    isCreditorBusiness: state.creditor.is_business,
    isReminderFeeAgreed: state.claim.reminder_fee_agreed,
    hasPaymentPlan: state.hasPaymentPlan,
    hasSentDemand: state.hasSentDemand,
    catalogue,
    today,
    rules,
    ruleFacts,
  }).map((option) => ({
    code: option.code,
    name: option.name,
    amount: oreToDecimal(option.amountOre),
    available: option.isAvailable,
    unavailable_reason: option.unavailableReason,
    requires_reason: option.requiresReason,
  }));
}

/** The case's unresolved flags, block first, newest first within a level. */
async function openFlags(db: Db, orgId: string, caseId: string) {
  return (await listOpenCaseFlagRows(db, orgId, caseId)).sort((a, b) => RULE_SEVERITIES.indexOf(a.level) - RULE_SEVERITIES.indexOf(b.level));
}

function claimView(claim: CaseState['claim']): CaseDetail['claim'] {
  return {
    id: claim.id,
    reference_no: claim.reference_no,
    principal_amount: oreToDecimal(claim.principal_amount),
    due_date: claim.due_date,
    arose_on: claimAroseOn(claim).arose_on,
    arose_on_estimated: claimAroseOn(claim).estimated,
    prescription_years: claim.prescription_years ?? null,
    contract_type: claim.contract_type ?? null,
    notes: claim.notes ?? null,
    reminder_fee_agreed: claim.reminder_fee_agreed,
  };
}

function partyView(party: CaseState['party']): CaseDetail['party'] {
  return {
    id: party.id,
    type: party.type,
    name: party.name,
    national_id: party.national_id ?? null,
    org_no: party.org_no ?? null,
    email: party.email ?? null,
    phone: party.phone ?? null,
  };
}

function interestProfileView(resolved: ResolvedInterestProfile): NonNullable<CaseDetail['interest_profile']> {
  return {
    id: resolved.row.id,
    code: resolved.row.code,
    name: resolved.row.name ?? null,
    base: resolved.row.base,
    margin_bp: resolved.row.base === 'REFERENCE_RATE' ? resolved.row.margin_bp : null,
    fixed_rate_pa: resolved.row.fixed_rate_pa ?? null,
    display: formatInterestProfileRate(resolved.profile),
    is_default: resolved.isDefault,
  };
}

/**
 * Everything the case page shows (part 1 §2): the case with its claim, creditor → debtor,
 * legal/agent creditor, interest profile, unresolved flags (block first), fees, every catalogue
 * fee with whether it can be added now (and why not), what the state machines allow next, and
 * the tab counts.
 */
export async function loadCaseDetail(db: Db, ctx: OrgScope, caseId: string): Promise<CaseDetail> {
  const state = await loadCaseState(db, ctx, caseId);
  const { row, claim, creditor, party } = state;
  const orgId = row.org_id;
  const today = ctx.app.clock.today();

  const flags = await openFlags(db, orgId, row.id);

  const names = await loadCodeNames(db, orgId);
  const catalogue = await loadFeeCatalogue(db, orgId);
  const nameByCode = new Map(catalogue.map((entry) => [entry.code, entry.name]));
  const fees = await listCaseFeeRows(db, orgId, row.id);

  const related = await creditorRefs(db, orgId, [row.legal_creditor_id, row.agent_creditor_id]);
  const resolved = await resolveInterestProfile(db, orgId, row.interest_profile_id);
  const handler = row.handler_id ? { id: row.handler_id, name: await personName(db, row.handler_id) } : null;
  const feeOptions = await feeOptionsOf(db, state, catalogue, today);
  const counts = await countCaseTabRows(db, orgId, row.id);

  return {
    id: row.id,
    org_id: orgId,
    status: row.status,
    stage: row.stage,
    total_principal: oreToDecimal(row.total_principal),
    total_interest: oreToDecimal(row.total_interest),
    total_fees: oreToDecimal(row.total_fees),
    amount_paid_total: oreToDecimal(row.amount_paid_total),
    total_outstanding: oreToDecimal(row.total_outstanding),
    mandate_type: row.mandate_type,
    ocr_reference: row.ocr_reference ?? null,
    message_reference: caseMessageReference(row.id),
    interest_calculated_to: row.interest_calculated_to ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    closed_at: row.closed_at ?? null,
    claim: claimView(claim),
    prescription: await loadCasePrescription(db, orgId, claim, party.type, today),
    creditor: { id: creditor.id, name: creditor.name, org_no: creditor.org_no ?? null, is_business: creditor.is_business },
    party: partyView(party),
    legal_creditor: row.legal_creditor_id ? (related.get(row.legal_creditor_id) ?? null) : null,
    agent_creditor: row.agent_creditor_id ? (related.get(row.agent_creditor_id) ?? null) : null,
    handler,
    interest_profile: resolved ? interestProfileView(resolved) : null,
    flags: flags.map((flag) => ({
      id: flag.id,
      rule_code: flag.rule_code,
      rule_label: names.rule(flag.rule_code),
      level: flag.level,
      message: flag.message,
      created_at: flag.created_at,
      resolved_at: flag.resolved_at,
    })),
    fees: fees.map((fee) => ({
      id: fee.id,
      code: fee.code,
      name: nameByCode.get(fee.code) ?? fee.code,
      amount: oreToDecimal(fee.amount),
      created_at: fee.created_at,
    })),
    fee_options: feeOptions,
    allowed_statuses: [...allowedCaseStatusTransitions(row.status)],
    allowed_stages: [...allowedCaseStageChanges(row.status, row.stage)],
    counts,
  };
}
