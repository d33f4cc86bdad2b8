import {
  addOre,
  assertStateMachineTransition,
  buildAllocationJournal,
  buildUnallocatedTransferJournal,
  caseStateAfterFullPayment,
  CASE_CLOSED_MESSAGE,
  CASE_STATUS_LABELS,
  DomainError,
  isDomainError,
  oreToDecimal,
  PAYMENT_STATUS_MACHINE,
  settlePayment,
  subOre,
  sumOre,
  type AllocationOrder,
  type AllocationSplit,
  type CaseInterestCharge,
  type CaseStateAfterFullPayment,
  type CaseInterestTerms,
  type Ore,
  type PaymentSettlement,
} from '@fordran/core';
import {
  findCaseRow,
  findPaymentClaimDueDate,
  insertLedgerJournal,
  insertPaymentAllocationRow,
  nextPaymentAllocationSequenceNo,
  updateCaseRow,
  updatePaymentRow,
  type CaseRow,
  type Db,
  type PaymentAllocationRow,
  type PaymentRow,
} from '@fordran/store';
import { appendCaseEvent } from '../cases/case-events';
import { bookCaseInterestAccrual, loadCaseSettlements, settlementsOf, storeCaseInterest, type CaseSettlements } from '../cases/case-interest';
import { caseNotFound } from '../cases/case-scope';
import { loadReferenceRates, resolveInterestProfile } from '../cases/case-state';

/** How interest runs on the case (profile, rates, due date), or null when it has no interest profile. */
export async function interestTermsOf(tx: Db, row: Pick<CaseRow, 'org_id' | 'claim_id' | 'interest_profile_id'>): Promise<CaseInterestTerms | null> {
  const resolved = await resolveInterestProfile(tx, row.org_id, row.interest_profile_id);
  const dueDate = await findPaymentClaimDueDate(tx, row.org_id, row.claim_id);
  if (!resolved || !dueDate) return null;
  return { dueDate, profile: resolved.profile, referenceRates: await loadReferenceRates(tx) };
}

export interface AllocationWrite {
  payment: PaymentRow;
  caseId: string;
  /**
   * `strict` (a person allocates): `amountOre` (default: what is left of the payment) may not
   * exceed the case's open balances ('Betalning överstiger utestående belopp'). `import`: the whole
   * payment goes to the case and an over-payment stays on the payment as its remainder.
   */
  mode: 'strict' | 'import';
  amountOre?: Ore;
  order: AllocationOrder;
  actorId: string | null;
  now: string;
  today: string;
}

export interface AllocationOutcome {
  allocation: PaymentAllocationRow;
  split: AllocationSplit;
  payment: PaymentRow;
  caseRow: CaseRow;
  /** The payment settled the case and closed it (reason paid). */
  closed: boolean;
  followUps: string[];
}

async function readCaseForUpdate(tx: Db, orgId: string, caseId: string): Promise<CaseRow> {
  const row = await findCaseRow(tx, { orgId }, caseId);
  if (!row) throw caseNotFound();
  return row;
}

/** Writes a payment's change of the case's interest (store, journal, timeline) and returns the case as it now is. */
async function chargeInterest(tx: Db, row: CaseRow, charge: CaseInterestCharge, interestPaidOre: Ore, input: AllocationWrite): Promise<CaseRow> {
  const accrual = await storeCaseInterest(tx, row, charge.amountOre, charge.asOf, input.now, interestPaidOre);
  await bookCaseInterestAccrual(tx, row, accrual, { asOf: charge.asOf, today: input.today, now: input.now, actorId: input.actorId });
  if (accrual.amountOre !== 0) {
    await appendCaseEvent(tx, {
      org_id: row.org_id,
      case_id: row.id,
      type: 'interest_calculated',
      actor_id: input.actorId,
      payload: { amount: oreToDecimal(charge.amountOre), change: oreToDecimal(accrual.amountOre), as_of: charge.asOf, payment_id: input.payment.id },
      created_at: input.now,
    });
  }
  return readCaseForUpdate(tx, row.org_id, row.id);
}

/** Core's settlement of the payment on the case; null when an import cannot compute the case's interest (left for a person). */
async function settlementOf(tx: Db, row: CaseRow, settlements: CaseSettlements, amountOre: Ore, input: AllocationWrite): Promise<PaymentSettlement | null> {
  const state = {
    principalOre: row.total_principal,
    interestOre: row.total_interest,
    feesOre: row.total_fees,
    interestCalculatedTo: row.interest_calculated_to,
    settled: {
      principalOre: settlements.principalPaidOre,
      interestOre: settlements.interestPaidOre,
      feesOre: settlements.feesPaidOre,
      principalReductions: settlements.principalReductions,
    },
    interestTerms: await interestTermsOf(tx, row),
  };
  try {
    return settlePayment(state, amountOre, input.payment.paid_at, { order: input.order, mode: input.mode });
  } catch (error) {
    // E.g. a half-year without a reference rate: the import books the payment unmatched instead.
    if (input.mode === 'import' && isDomainError(error) && error.code === 'REFERENCE_RATE_MISSING') return null;
    throw error;
  }
}

/** What a settlement may take from the payment: all that is left of it (import), or what a person asked for, at most that. */
function requestedAmountOf(input: AllocationWrite, caseRow: CaseRow): Ore {
  const { payment } = input;
  if (caseRow.status === 'closed' && input.mode === 'strict') {
    throw new DomainError('INVALID_TRANSITION', CASE_CLOSED_MESSAGE, { case_id: caseRow.id });
  }
  const requestedOre = input.mode === 'import' ? payment.unallocated_amount : (input.amountOre ?? payment.unallocated_amount);
  if (input.mode === 'strict' && requestedOre > payment.unallocated_amount) {
    throw new DomainError('VALIDATION_FAILED', `Beloppet är större än det som återstår av inbetalningen (${oreToDecimal(payment.unallocated_amount)} kr)`, {
      amount: requestedOre,
      unallocated: payment.unallocated_amount,
    });
  }
  return requestedOre;
}

/** The payment_allocations row, numbered after the payment's earlier allocations. */
async function insertAllocation(tx: Db, input: AllocationWrite, caseId: string, split: AllocationSplit, allocatedOre: Ore): Promise<PaymentAllocationRow> {
  const { payment } = input;
  return insertPaymentAllocationRow(tx, {
    org_id: payment.org_id,
    payment_id: payment.id,
    case_id: caseId,
    amount: allocatedOre,
    principal_amount: split.principalOre,
    interest_amount: split.interestOre,
    fees_amount: split.feesOre,
    sequence_no: await nextPaymentAllocationSequenceNo(tx, payment.org_id, payment.id),
    created_at: input.now,
  });
}

/**
 * Takes the allocated amount off the case (and recalculates the interest a back-dated payment
 * changed), then closes the case when nothing is left to pay. Returns the case as it now is and
 * what paying it in full changed.
 */
async function payDownCase(
  tx: Db,
  caseRow: CaseRow,
  settlement: PaymentSettlement,
  interestPaidBeforeOre: Ore,
  allocatedOre: Ore,
  input: AllocationWrite,
): Promise<{ updatedCase: CaseRow; after: CaseStateAfterFullPayment }> {
  const orgId = caseRow.org_id;
  let paidCase = await updateCaseRow(tx, orgId, caseRow.id, {
    amount_paid_total: addOre(caseRow.amount_paid_total, allocatedOre),
    total_outstanding: subOre(caseRow.total_outstanding, allocatedOre),
    updated_at: input.now,
  });
  if (settlement.recalculatedInterest) {
    paidCase = await chargeInterest(tx, paidCase, settlement.recalculatedInterest, addOre(interestPaidBeforeOre, settlement.split.interestOre), input);
  }
  const after = caseStateAfterFullPayment({ status: paidCase.status, stage: paidCase.stage, totalOutstandingOre: paidCase.total_outstanding });
  const updatedCase = after.isChanged
    ? await updateCaseRow(tx, orgId, caseRow.id, { status: after.status, closed_at: input.now, updated_at: input.now })
    : paidCase;
  return { updatedCase, after };
}

/** The case's timeline: PAYMENT_ALLOCATED, and status_changed when the payment closed the case. */
async function appendAllocationEvents(
  tx: Db,
  input: AllocationWrite,
  caseRow: CaseRow,
  allocation: PaymentAllocationRow,
  split: AllocationSplit,
  after: CaseStateAfterFullPayment,
): Promise<void> {
  const { payment } = input;
  await appendCaseEvent(tx, {
    org_id: payment.org_id,
    case_id: caseRow.id,
    type: 'PAYMENT_ALLOCATED',
    actor_id: input.actorId,
    payload: {
      payment_id: payment.id,
      sequence_no: allocation.sequence_no,
      amount: oreToDecimal(allocation.amount),
      principal: oreToDecimal(split.principalOre),
      interest: oreToDecimal(split.interestOre),
      fees: oreToDecimal(split.feesOre),
      paid_at: payment.paid_at,
      method: payment.method,
    },
    created_at: input.now,
  });
  if (!after.isChanged) return;
  await appendCaseEvent(tx, {
    org_id: payment.org_id,
    case_id: caseRow.id,
    type: 'status_changed',
    actor_id: input.actorId,
    payload: {
      from: caseRow.status,
      to: after.status,
      from_label: CASE_STATUS_LABELS[caseRow.status],
      to_label: CASE_STATUS_LABELS[after.status],
      reason: 'Betald i sin helhet',
      close_reason: after.close_reason,
      follow_ups: after.followUps,
      ...(after.creditOre > 0 ? { credit: oreToDecimal(after.creditOre) } : {}),
    },
    created_at: input.now,
  });
}

/**
 * Settles (part of) a payment on a case, inside the caller's transaction — every way money
 * reaches a case comes here (a person allocating, a bank-file import, later Swish). First the
 * case's interest runs to the payment's day (core `settlePayment`; a back-dated payment instead
 * recalculates the interest with the capital it paid), then: the split by the organisation's
 * order, a payment_allocations row with the next sequence number, the case's amount_paid_total
 * and total_outstanding, a PAYMENT_ALLOCATED event, and the journal — debit 1900 with the whole
 * payment the first time a payment is booked (credits 1510/1511/1512, the rest of the payment to
 * 2990), or a move from 2990 when the money was booked before (an unmatched import or a payment's
 * second part). A case paid in full is closed with reason paid. Returns null in import mode when
 * the case has nothing open or its interest cannot be computed (the caller books it unallocated).
 */
export async function writeAllocation(tx: Db, input: AllocationWrite): Promise<AllocationOutcome | null> {
  const { payment } = input;
  const orgId = payment.org_id;
  let caseRow = await readCaseForUpdate(tx, orgId, input.caseId);
  const requestedOre = requestedAmountOf(input, caseRow);
  const settlements = settlementsOf(await loadCaseSettlements(tx, orgId, [caseRow.id]), caseRow.id);
  const settlement = await settlementOf(tx, caseRow, settlements, requestedOre, input);
  if (!settlement) return null;
  const { split } = settlement;
  const allocatedOre = sumOre([split.principalOre, split.interestOre, split.feesOre]);
  if (allocatedOre === 0) return null;
  if (settlement.accruedInterest) caseRow = await chargeInterest(tx, caseRow, settlement.accruedInterest, settlements.interestPaidOre, input);

  const nextStatus = allocatedOre === payment.unallocated_amount ? 'allocated' : 'partially_allocated';
  assertStateMachineTransition(PAYMENT_STATUS_MACHINE, payment.status, nextStatus);
  const allocation = await insertAllocation(tx, input, caseRow.id, split, allocatedOre);
  const { updatedCase, after } = await payDownCase(tx, caseRow, settlement, settlements.interestPaidOre, allocatedOre, input);

  const unallocatedOre = subOre(payment.unallocated_amount, allocatedOre);
  const updatedPayment = await updatePaymentRow(tx, orgId, payment.id, { unallocated_amount: unallocatedOre, status: nextStatus, updated_at: input.now });

  const refs = {
    payment_id: payment.id,
    case_id: caseRow.id,
    creditor_id: caseRow.creditor_id,
    booked_at: input.today,
    meta: { sequence_no: allocation.sequence_no },
  };
  const isFirstBooking = payment.status === 'received';
  const journal = isFirstBooking
    ? buildAllocationJournal({ ...split, remainderOre: subOre(payment.amount, allocatedOre) }, refs)
    : buildUnallocatedTransferJournal(split, refs);
  await insertLedgerJournal(tx, journal, { orgId, at: input.now, createdBy: input.actorId });
  await appendAllocationEvents(tx, input, caseRow, allocation, split, after);
  return { allocation, split, payment: updatedPayment, caseRow: updatedCase, closed: after.isChanged, followUps: after.followUps };
}
