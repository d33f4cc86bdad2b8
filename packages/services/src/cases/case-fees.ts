import {
  addOre,
  buildFeeJournal,
  checkFeeAddition,
  DomainError,
  oreToDecimal,
  type AcceptedFee,
  type FeeAdditionInput,
  type FeeCatalogueEntry,
} from '@fordran/core';
import { insertCaseFeeRow, updateCaseRow, type CaseFeeRow, type Db } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { auditWriteOf, postJournalOf } from '../audit/business-records';
import { parseInput } from '../schemas/zod-setup';
import { caseFeeAddSchema, type CaseFeeAddInput, type CaseFeeAddResponse } from '../schemas/cases';
import { appendCaseEvent } from './case-events';
import { loadCaseDetail, loadFeeCatalogue } from './case-detail';
import { guardedCaseAction, reportedViolations } from './case-rules';
import { assertCaseOpen, type CaseState } from './case-state';

/**
 * Adds a fee from the fee catalogue to a case (part 1 §2, part 2 §7): a duplicate is
 * 'Avgift redan tillagd' (NO_DOUBLE_FEES); then the rules for `add_fee` (a block is 'Åtgärd
 * blockerad' with the rule's message); then the law (core `checkFeeAddition`: 450 kr only
 * between businesses and never on top of 60/180/170, a reminder fee only where agreed, the plan
 * fee only with a plan drawn up, the 180 kr collection fee only after a compliant inkassokrav was
 * sent (`caseHasSentDemand`), the statutory maxima). The case page's fee choices
 * (`fee_options`, core `caseFeeOptions`) take the same checks in the same order. Writes the fee, the case totals, the `fee_added` event, the ledger journal
 * (debit 1512, credit 3010) and an audit row in one transaction. 'Avgift tillagd!'
 */
export async function addCaseFee(ctx: OrgScope, caseId: string, input: CaseFeeAddInput): Promise<CaseFeeAddResponse> {
  requireScopePermission(ctx, 'cases.write');
  const { code, above_maximum_reason } = parseInput(caseFeeAddSchema, input);
  const today = ctx.app.clock.today();
  const guard = {
    action: 'add_fee',
    facts: () => ({ feeCode: code }),
    precheck(state: CaseState) {
      assertCaseOpen(state);
      if (state.feeCodes.includes(code)) throw new DomainError('NO_DOUBLE_FEES', undefined, { code });
    },
  };
  return guardedCaseAction(ctx, caseId, guard, async (tx, state, evaluation) => {
    const { row } = state;
    const fee = checkFeeAddition({
      ...caseFeeFacts(state, await loadFeeCatalogue(tx, row.org_id), today),
      code,
      aboveMaximumReason: above_maximum_reason ?? null,
    });
    const feeRow = await bookCaseFee(tx, ctx, state, fee);
    return {
      fee: { id: feeRow.id, code, name: fee.name, amount: oreToDecimal(fee.amountOre), created_at: feeRow.created_at },
      violations: evaluation ? reportedViolations(evaluation) : [],
      case: await loadCaseDetail(tx, ctx, row.id),
    };
  });
}

/** What the fee rules look at on a case (core `FeeAdditionInput` without the fee itself). */
export function caseFeeFacts(state: CaseState, catalogue: readonly FeeCatalogueEntry[], today: string): Omit<FeeAdditionInput, 'code' | 'aboveMaximumReason'> {
  return {
    existingFeeCodes: state.feeCodes,
    debtorType: state.party.type,
    isCreditorBusiness: state.creditor.is_business,
    isReminderFeeAgreed: state.claim.reminder_fee_agreed,
    hasPaymentPlan: state.hasPaymentPlan,
    hasSentDemand: state.hasSentDemand,
    catalogue,
    today,
  };
}

/**
 * Books a fee the fee rules allowed on a case inside the caller's transaction: the fee row, the
 * case totals, the `fee_added` event, the ledger journal (debit 1512, credit 3010) and the audit row
 * (the last two not for a QA case: audit/business-records).
 */
export async function bookCaseFee(tx: Db, ctx: OrgScope, state: CaseState, fee: AcceptedFee): Promise<CaseFeeRow> {
  const { row } = state;
  const { code } = fee;
  const today = ctx.app.clock.today();
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  const feeRow = await insertCaseFeeRow(tx, { org_id: row.org_id, case_id: row.id, code, amount: fee.amountOre, created_at: now, created_by: actor });
  await updateCaseRow(tx, row.org_id, row.id, {
    total_fees: addOre(row.total_fees, fee.amountOre),
    total_outstanding: addOre(row.total_outstanding, fee.amountOre),
    updated_at: now,
  });
  const payload = {
    code,
    name: fee.name,
    amount: oreToDecimal(fee.amountOre),
    ...(fee.above_maximum_reason ? { above_maximum_reason: fee.above_maximum_reason } : {}),
  };
  await appendCaseEvent(tx, { org_id: row.org_id, case_id: row.id, type: 'fee_added', actor_id: actor, payload, created_at: now });
  await postJournalOf(
    tx,
    row,
    buildFeeJournal({ amountOre: fee.amountOre, fee_code: code, source_ref: feeRow.id, case_id: row.id, creditor_id: row.creditor_id, booked_at: today }),
    { orgId: row.org_id, at: now, createdBy: actor },
  );
  await auditWriteOf(tx, row, {
    org_id: row.org_id,
    actor_id: actor,
    event: 'case.fee_added',
    entity: 'case_fees',
    entity_id: feeRow.id,
    payload: { case_id: row.id, ...payload },
    created_at: now,
  });
  return feeRow;
}
