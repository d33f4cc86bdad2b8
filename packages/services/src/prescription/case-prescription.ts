import {
  assessPrescription,
  PRESCRIPTION_INTERRUPTION_KIND_LABELS,
  RULE_TYPES,
  STATUTORY_PRESCRIPTION_PERIODS,
  type IsoDate,
  type PrescriptionInterruption,
  type PrescriptionPeriods,
} from '@fordran/core';
import {
  listPrescriptionInterruptionRows,
  listRuleRows,
  type ClaimRow,
  type Db,
  type PrescriptionInterruptionRow,
  type PrescriptionInterruptionViewRow,
} from '@fordran/store';
import type { CasePrescription, PrescriptionInterruptionResponse } from '../schemas/prescription';

/** When the claim arose: a row written outside the services (null) reads as its due date, estimated. */
export function claimAroseOn(claim: Pick<ClaimRow, 'arose_on' | 'arose_on_estimated' | 'due_date'>): { arose_on: IsoDate; estimated: boolean } {
  return claim.arose_on ? { arose_on: claim.arose_on, estimated: claim.arose_on_estimated } : { arose_on: claim.due_date, estimated: true };
}

/** A stored interruption as core reads it, keeping the row. */
export function asInterruption<R extends Pick<PrescriptionInterruptionRow, 'id' | 'interrupted_on' | 'kind'>>(row: R): PrescriptionInterruption & { row: R } {
  return { id: row.id, date: row.interrupted_on, kind: row.kind, row };
}

/**
 * The periods of the organisation's first active prescription rule (by code), so the case page
 * shows the dates the rule checks; the statute's (3/10 years, 120 days) when it has none.
 */
export async function prescriptionPeriodsOf(db: Db, orgId: string): Promise<PrescriptionPeriods> {
  const rules = (await listRuleRows(db, orgId)).filter((rule) => rule.is_active).sort((a, b) => a.code.localeCompare(b.code));
  for (const rule of rules) {
    const parsed = RULE_TYPES.prescription_check.paramsSchema.safeParse(rule.condition_json);
    if (parsed.success) return parsed.data as PrescriptionPeriods;
  }
  return STATUTORY_PRESCRIPTION_PERIODS;
}

export function interruptionView(row: PrescriptionInterruptionViewRow): PrescriptionInterruptionResponse {
  return {
    id: row.id,
    interrupted_on: row.interrupted_on,
    kind: row.kind,
    kind_label: PRESCRIPTION_INTERRUPTION_KIND_LABELS[row.kind],
    reason: row.reason ?? null,
    payment_allocation_id: row.payment_allocation_id ?? null,
    communication_id: row.communication_id ?? null,
    created_by: row.created_by ? { id: row.created_by, name: row.created_by_name ?? 'Okänd användare' } : null,
    created_at: row.created_at,
  };
}

/** The case page's 'Preskription': the prescribed date on `today`, the interruption that set it, and every interruption. */
export async function loadCasePrescription(
  db: Db,
  orgId: string,
  claim: ClaimRow,
  debtorType: 'person' | 'company',
  today: IsoDate,
): Promise<CasePrescription> {
  const rows = await listPrescriptionInterruptionRows(db, orgId, claim.id);
  const assessed = assessPrescription({
    aroseOn: claimAroseOn(claim).arose_on,
    debtorType,
    claimYears: claim.prescription_years ?? null,
    interruptions: rows.map(asInterruption),
    today,
    periods: await prescriptionPeriodsOf(db, orgId),
  });
  return {
    years: assessed.years,
    last_day: assessed.lastDay,
    prescribed_on: assessed.prescribedOn,
    level: assessed.level,
    set_by: assessed.setBy ? interruptionView(assessed.setBy.row) : null,
    interruptions: rows.map(interruptionView),
  };
}
