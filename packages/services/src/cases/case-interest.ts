import {
  addOre,
  buildInterestAccrualJournal,
  calculateInterestOnBalance,
  compareIsoDates,
  DomainError,
  interestPaidBeyondChargedOre,
  interestRatePaOn,
  maxIsoDate,
  oreToDecimal,
  subOre,
  type InterestAccrual,
  type InterestPeriod,
  type InterestProfile,
  type InterestResult,
  type IsoDate,
  type Ore,
  type PrincipalReduction,
  type ReferenceRate,
  ZERO_ORE,
} from '@fordran/core';
import { listCaseSettlementRows, updateCaseRow, type CaseRow, type Db } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { auditWriteOf, postJournalOf, type RecordOfBatch } from '../audit/business-records';
import { parseInput } from '../schemas/zod-setup';
import { caseInterestSchema, type CaseInterestInput, type CaseInterestResponse } from '../schemas/cases';
import { appendCaseEvent } from './case-events';
import { loadCaseDetail } from './case-detail';
import { guardedCaseAction, reportedViolations } from './case-rules';
import { assertCaseOpen, loadReferenceRates, resolveInterestProfile, type CaseState } from './case-state';

/** What payments settled on a case: the capital parts by payment date, and each part's sum. */
export interface CaseSettlements {
  principalReductions: PrincipalReduction[];
  principalPaidOre: Ore;
  interestPaidOre: Ore;
  feesPaidOre: Ore;
  /** The latest payment date of an allocation; null when none. */
  latestPaidAt: IsoDate | null;
}

const NO_SETTLEMENTS: CaseSettlements = {
  principalReductions: [],
  principalPaidOre: ZERO_ORE,
  interestPaidOre: ZERO_ORE,
  feesPaidOre: ZERO_ORE,
  latestPaidAt: null,
};

/** The settlements of each of `caseIds` (cases without allocations are absent: use `settlementsOf`). */
export async function loadCaseSettlements(db: Db, orgId: string, caseIds: readonly string[]): Promise<Map<string, CaseSettlements>> {
  const byCase = new Map<string, CaseSettlements>();
  if (caseIds.length === 0) return byCase;
  const rows = await listCaseSettlementRows(db, orgId, caseIds);
  for (const { case_id, date, principalOre, interestOre, feesOre } of rows) {
    const entry = byCase.get(case_id) ?? { ...NO_SETTLEMENTS, principalReductions: [] };
    if (principalOre > 0) entry.principalReductions.push({ date, amountOre: principalOre });
    entry.principalPaidOre = addOre(entry.principalPaidOre, principalOre);
    entry.interestPaidOre = addOre(entry.interestPaidOre, interestOre);
    entry.feesPaidOre = addOre(entry.feesPaidOre, feesOre);
    entry.latestPaidAt = entry.latestPaidAt === null ? date : maxIsoDate(entry.latestPaidAt, date);
    byCase.set(case_id, entry);
  }
  return byCase;
}

export function settlementsOf(map: ReadonlyMap<string, CaseSettlements>, caseId: string): CaseSettlements {
  return map.get(caseId) ?? NO_SETTLEMENTS;
}

export interface CaseInterestBasis {
  principalOre: Ore;
  dueDate: IsoDate;
  profile: InterestProfile;
  referenceRates: readonly ReferenceRate[];
  principalReductions: readonly PrincipalReduction[];
}

/** The interest of a case from its due date to `asOf` on the capital still unpaid each day (core). */
export function caseInterestAsOf(basis: CaseInterestBasis, asOf: IsoDate): InterestResult {
  return calculateInterestOnBalance({ ...basis, asOf });
}

/**
 * Sets a case's accrued interest to `interestOre` as of `asOf`, keeping total_outstanding =
 * principal + interest + fees − paid. Returns the accrual for the ledger: the change of the
 * interest, and how much settled interest moves to (or back from) capital (see
 * `interestPaidBeyondChargedOre`). `interestPaidBeforeOre` is the interest settled when the ledger
 * last moved it: it differs from `interestPaidOre` only when a reversal took settled interest back.
 */
export async function storeCaseInterest(
  tx: Db,
  row: Pick<CaseRow, 'id' | 'org_id' | 'creditor_id' | 'total_interest' | 'total_outstanding'>,
  interestOre: Ore,
  asOf: IsoDate,
  now: string,
  interestPaidOre: Ore,
  interestPaidBeforeOre: Ore = interestPaidOre,
): Promise<InterestAccrual> {
  const amountOre = subOre(interestOre, row.total_interest);
  await updateCaseRow(tx, row.org_id, row.id, {
    total_interest: interestOre,
    total_outstanding: addOre(row.total_outstanding, amountOre),
    interest_calculated_to: asOf,
    updated_at: now,
  });
  const reclassifiedOre = subOre(
    interestPaidBeyondChargedOre(interestPaidOre, interestOre),
    interestPaidBeyondChargedOre(interestPaidBeforeOre, row.total_interest),
  );
  return { case_id: row.id, creditor_id: row.creditor_id, amountOre, reclassifiedOre };
}

/** Books the interest accrual of case `row` (nothing when nothing changed, or for a QA case). */
export async function bookCaseInterestAccrual(
  tx: Db,
  row: RecordOfBatch & Pick<CaseRow, 'org_id'>,
  accrual: InterestAccrual,
  refs: { asOf: IsoDate; today: IsoDate; now: string; actorId: string | null },
): Promise<void> {
  if (accrual.amountOre === 0 && (accrual.reclassifiedOre ?? 0) === 0) return;
  await postJournalOf(
    tx,
    row,
    buildInterestAccrualJournal({ source_ref: `${accrual.case_id}:${refs.asOf}`, booked_at: refs.today, meta: { as_of: refs.asOf }, accruals: [accrual] }),
    { orgId: row.org_id, at: refs.now, createdBy: refs.actorId },
  );
}

/** Yearly rate shown with a result: the last period's, or the profile's on `asOf` when nothing ran. */
function resultRate(result: InterestResult, basis: CaseInterestBasis, asOf: IsoDate): string {
  return result.periods.at(-1)?.rate_pa ?? interestRatePaOn(basis.profile, asOf, basis.referenceRates);
}

/** What a case's interest is calculated from: its capital, due date, profile and the capital payments. */
export async function interestBasis(tx: Db, state: Pick<CaseState, 'row' | 'claim'>): Promise<CaseInterestBasis> {
  const resolved = await resolveInterestProfile(tx, state.row.org_id, state.row.interest_profile_id);
  if (!resolved) throw new DomainError('INVALID_INTEREST_PROFILE', 'Ärendet har ingen ränteprofil och organisationen saknar standardprofil');
  return {
    principalOre: state.row.total_principal,
    dueDate: state.claim.due_date,
    profile: resolved.profile,
    referenceRates: await loadReferenceRates(tx),
    principalReductions: settlementsOf(await loadCaseSettlements(tx, state.row.org_id, [state.row.id]), state.row.id).principalReductions,
  };
}

/**
 * The periods (dates, rate, capital, amount) of the interest a case carries: recalculated to
 * `interest_calculated_to`, the day the stored interest runs to; none when no interest has been
 * calculated. A demand lists them (inkassolagen 5 §).
 */
export async function caseInterestPeriods(db: Db, state: Pick<CaseState, 'row' | 'claim'>): Promise<InterestPeriod[]> {
  const calculatedTo = state.row.interest_calculated_to;
  if (calculatedTo === null || compareIsoDates(calculatedTo, state.claim.due_date) <= 0) return [];
  return caseInterestAsOf(await interestBasis(db, state), calculatedTo).periods;
}

/**
 * 'Beräkna ränta' (part 1 §2, §9): the case's interest profile (dröjsmålsränta per half-year or a
 * fixed rate), simple interest per day on the unpaid capital from the day after the due date to
 * `as_of` (default today; never a future date). The result replaces total_interest, so running
 * it twice changes nothing; the change is booked (1511/8310) and the `interest_calculated` event
 * carries days, rate and amount. Checked by the rules as `calculate_interest` (e.g. interest_cap).
 * Not yet due: 'Ingen ränta – Fordran är inte förfallen ännu'.
 */
export async function calculateCaseInterest(ctx: OrgScope, caseId: string, input: CaseInterestInput = {}): Promise<CaseInterestResponse> {
  requireScopePermission(ctx, 'cases.interest');
  const today = ctx.app.clock.today();
  const asOf = parseInput(caseInterestSchema, input).as_of ?? today;
  if (compareIsoDates(asOf, today) > 0) throw new DomainError('VALIDATION_FAILED', 'Räntan kan inte beräknas för ett datum i framtiden');

  let computed: { basis: CaseInterestBasis; result: InterestResult } | null = null;
  const guard = {
    action: 'calculate_interest',
    async precheck(state: CaseState, tx: Db) {
      assertCaseOpen(state);
      // Payments split by the interest of their day: interest to a date before a payment would take
      // back interest it settled.
      const { latestPaidAt } = settlementsOf(await loadCaseSettlements(tx, state.row.org_id, [state.row.id]), state.row.id);
      if (latestPaidAt !== null && compareIsoDates(asOf, latestPaidAt) < 0) {
        throw new DomainError('VALIDATION_FAILED', `Räntan kan inte beräknas till ett datum före den senaste inbetalningen (${latestPaidAt})`);
      }
    },
    // The rules see the interest this calculation arrives at (interest_cap compares it).
    async facts(state: CaseState, tx: Db) {
      const basis = await interestBasis(tx, state);
      computed = { basis, result: caseInterestAsOf(basis, asOf) };
      return { interestOre: computed.result.amountOre };
    },
  };
  return guardedCaseAction(ctx, caseId, guard, async (tx, state, evaluation) => {
    const { basis, result } = computed!;
    const { row } = state;
    const now = ctx.app.clock.now();
    const actor = auditActor(ctx);
    const accrual = await storeCaseInterest(
      tx,
      row,
      result.amountOre,
      asOf,
      now,
      settlementsOf(await loadCaseSettlements(tx, row.org_id, [row.id]), row.id).interestPaidOre,
    );
    await bookCaseInterestAccrual(tx, row, accrual, { asOf, today, now, actorId: actor });
    const changeOre = accrual.amountOre;
    const rate = resultRate(result, basis, asOf);
    const payload = { days: result.days, rate, amount: oreToDecimal(result.amountOre), change: oreToDecimal(changeOre), as_of: asOf, from: result.from };
    await appendCaseEvent(tx, { org_id: row.org_id, case_id: row.id, type: 'interest_calculated', actor_id: actor, payload, created_at: now });
    await auditWriteOf(tx, row, {
      org_id: row.org_id,
      actor_id: actor,
      event: 'case.interest_calculated',
      entity: 'cases',
      entity_id: row.id,
      payload,
      created_at: now,
    });
    return {
      amount: oreToDecimal(result.amountOre),
      change: oreToDecimal(changeOre),
      days: result.days,
      rate,
      from: result.from,
      to: result.to,
      periods: result.periods.map((period) => ({
        from: period.from,
        to: period.to,
        days: period.days,
        rate_pa: period.rate_pa,
        reference_rate_bp: period.reference_rate_bp,
        principal: oreToDecimal(period.principalOre),
        amount: oreToDecimal(period.amountOre),
      })),
      violations: evaluation ? reportedViolations(evaluation) : [],
      case: await loadCaseDetail(tx, ctx, row.id),
    };
  });
}
