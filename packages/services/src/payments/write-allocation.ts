import { and, eq, max } from 'drizzle-orm';
import {
  addOre,
  allocatePayment,
  assertStateMachineTransition,
  buildAllocationJournal,
  buildUnallocatedTransferJournal,
  caseStateAfterFullPayment,
  CASE_STATUS_LABELS,
  compareIsoDates,
  DomainError,
  maxOre,
  minOre,
  oreToDecimal,
  PAYMENT_STATUS_MACHINE,
  subOre,
  sumOre,
  type AllocationBalances,
  type AllocationOrder,
  type AllocationSplit,
  type IsoDate,
  type Ore,
  ZERO_ORE,
} from '@fordran/core';
import {
  cases,
  claims,
  insertLedgerJournal,
  paymentAllocations,
  payments,
  type CaseRow,
  type DbOrTx,
  type PaymentAllocationRow,
  type PaymentRow,
} from '@fordran/store';
import { appendCaseEvent } from '../cases/case-events';
import {
  bookCaseInterestAccrual,
  caseInterestAsOf,
  interestPaidBeyondChargedOre,
  loadCaseSettlements,
  settlementsOf,
  storeCaseInterest,
  type CaseInterestBasis,
  type CaseSettlements,
} from '../cases/case-interest';
import { caseNotFound } from '../cases/case-scope';
import { loadReferenceRates, resolveInterestProfile } from '../cases/case-state';

type InterestCase = Pick<CaseRow, 'id' | 'org_id' | 'claim_id' | 'interest_profile_id' | 'interest_calculated_to' | 'total_principal'>;

/** The case's interest calculation (profile, rates, due date), or null when it has none. */
function interestBasisOf(tx: DbOrTx, row: InterestCase, settlements: CaseSettlements): CaseInterestBasis | null {
  const resolved = resolveInterestProfile(tx, row.org_id, row.interest_profile_id);
  const claim = tx
    .select({ due_date: claims.due_date })
    .from(claims)
    .where(and(eq(claims.org_id, row.org_id), eq(claims.id, row.claim_id)))
    .get();
  if (!resolved || !claim) return null;
  return {
    principalOre: row.total_principal,
    dueDate: claim.due_date,
    profile: resolved.profile,
    referenceRates: loadReferenceRates(tx),
    principalReductions: settlements.principalReductions,
  };
}

/** The interest charged as of `date` (0 before it runs). */
function interestOn(basis: CaseInterestBasis, date: IsoDate): Ore {
  return compareIsoDates(date, basis.dueDate) > 0 ? caseInterestAsOf(basis, date).amountOre : ZERO_ORE;
}

/**
 * What is still open on a case per part, in öre. Interest paid beyond what is now charged counts
 * as capital paid (see `interestPaidBeyondChargedOre`). With `interestCapOre` — the interest
 * charged on a payment's own day — a payment never settles interest that only accrued after it.
 */
export function openCaseBalances(
  row: Pick<CaseRow, 'total_principal' | 'total_interest' | 'total_fees'>,
  settled: CaseSettlements,
  interestCapOre: Ore = row.total_interest,
): AllocationBalances {
  const open = (chargedOre: Ore, settledOre: Ore) => maxOre(ZERO_ORE, subOre(chargedOre, settledOre));
  return {
    principalOre: open(row.total_principal, addOre(settled.principalPaidOre, interestPaidBeyondChargedOre(settled.interestPaidOre, row.total_interest))),
    interestOre: open(minOre(row.total_interest, interestCapOre), settled.interestPaidOre),
    feesOre: open(row.total_fees, settled.feesPaidOre),
  };
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

function readCaseForUpdate(tx: DbOrTx, orgId: string, caseId: string): CaseRow {
  const row = tx
    .select()
    .from(cases)
    .where(and(eq(cases.org_id, orgId), eq(cases.id, caseId)))
    .get();
  if (!row) throw caseNotFound();
  return row;
}

/**
 * Settles (part of) a payment on a case, inside the caller's transaction: the split by the
 * organisation's order (core), a payment_allocations row with the next sequence number, the
 * case's amount_paid_total and total_outstanding, a PAYMENT_ALLOCATED event, and the journal —
 * debit 1900 with the whole payment the first time a payment is booked (credits 1510/1511/1512,
 * the rest of the payment to 2990), or a move from 2990 when the money was booked before (an
 * unmatched import or a payment's second part). A case paid in full is closed with reason paid.
 * Returns null in import mode when the case has nothing open (the caller books it unallocated).
 */
export function writeAllocation(tx: DbOrTx, input: AllocationWrite): AllocationOutcome | null {
  const { payment } = input;
  const orgId = payment.org_id;
  const caseRow = readCaseForUpdate(tx, orgId, input.caseId);
  if (caseRow.status === 'closed' && input.mode === 'strict') {
    throw new DomainError('INVALID_TRANSITION', 'Ärendet är stängt – öppna det igen först', { case_id: caseRow.id });
  }
  // A payment settles the interest charged on its own day, not interest that accrued after it: a
  // payment dated before the interest's calculation date is split by the interest of its day.
  const settlements = settlementsOf(loadCaseSettlements(tx, orgId, [caseRow.id]), caseRow.id);
  const isDatedBeforeInterest = caseRow.interest_calculated_to !== null && compareIsoDates(payment.paid_at, caseRow.interest_calculated_to) < 0;
  const basis = isDatedBeforeInterest ? interestBasisOf(tx, caseRow, settlements) : null;
  const balances = openCaseBalances(caseRow, settlements, basis ? interestOn(basis, payment.paid_at) : caseRow.total_interest);
  const requestedOre = input.mode === 'import' ? payment.unallocated_amount : (input.amountOre ?? payment.unallocated_amount);
  if (input.mode === 'strict' && requestedOre > payment.unallocated_amount) {
    throw new DomainError('VALIDATION_FAILED', `Beloppet är större än det som återstår av inbetalningen (${oreToDecimal(payment.unallocated_amount)} kr)`, {
      amount: requestedOre,
      unallocated: payment.unallocated_amount,
    });
  }
  const split = allocatePayment(requestedOre, balances, { order: input.order, mode: input.mode });
  const allocatedOre = sumOre([split.principalOre, split.interestOre, split.feesOre]);
  if (allocatedOre === 0) return null;

  const nextStatus = allocatedOre === payment.unallocated_amount ? 'allocated' : 'partially_allocated';
  assertStateMachineTransition(PAYMENT_STATUS_MACHINE, payment.status, nextStatus);
  const sequenceNo =
    (tx
      .select({ n: max(paymentAllocations.sequence_no) })
      .from(paymentAllocations)
      .where(eq(paymentAllocations.payment_id, payment.id))
      .get()?.n ?? 0) + 1;
  const allocation = tx
    .insert(paymentAllocations)
    .values({
      org_id: orgId,
      payment_id: payment.id,
      case_id: caseRow.id,
      amount: allocatedOre,
      principal_amount: split.principalOre,
      interest_amount: split.interestOre,
      fees_amount: split.feesOre,
      sequence_no: sequenceNo,
      created_at: input.now,
    })
    .returning()
    .get();

  let paidCase = tx
    .update(cases)
    .set({
      amount_paid_total: addOre(caseRow.amount_paid_total, allocatedOre),
      total_outstanding: subOre(caseRow.total_outstanding, allocatedOre),
      updated_at: input.now,
    })
    .where(and(eq(cases.org_id, orgId), eq(cases.id, caseRow.id)))
    .returning()
    .get()!;
  if (basis && split.principalOre > 0) {
    // The capital it paid stops earning interest from the day after the payment: recalculate the
    // interest already charged up to interest_calculated_to.
    const asOf = caseRow.interest_calculated_to!;
    const reductions = [...settlements.principalReductions, { date: payment.paid_at, amountOre: split.principalOre }];
    const accrual = storeCaseInterest(
      tx,
      paidCase,
      caseInterestAsOf({ ...basis, principalReductions: reductions }, asOf).amountOre,
      asOf,
      input.now,
      addOre(settlements.interestPaidOre, split.interestOre),
    );
    bookCaseInterestAccrual(tx, accrual, { orgId, asOf, today: input.today, now: input.now, actorId: input.actorId });
    paidCase = readCaseForUpdate(tx, orgId, caseRow.id);
  }
  const after = caseStateAfterFullPayment({ status: paidCase.status, stage: paidCase.stage, totalOutstandingOre: paidCase.total_outstanding });
  const updatedCase = after.isChanged
    ? tx
        .update(cases)
        .set({ status: after.status, closed_at: input.now })
        .where(and(eq(cases.org_id, orgId), eq(cases.id, caseRow.id)))
        .returning()
        .get()!
    : paidCase;

  const unallocatedOre = subOre(payment.unallocated_amount, allocatedOre);
  const updatedPayment = tx
    .update(payments)
    .set({ unallocated_amount: unallocatedOre, status: nextStatus, updated_at: input.now })
    .where(and(eq(payments.org_id, orgId), eq(payments.id, payment.id)))
    .returning()
    .get()!;

  const refs = { payment_id: payment.id, case_id: caseRow.id, creditor_id: caseRow.creditor_id, booked_at: input.today, meta: { sequence_no: sequenceNo } };
  const isFirstBooking = payment.status === 'received';
  const journal = isFirstBooking
    ? buildAllocationJournal({ ...split, remainderOre: subOre(payment.amount, allocatedOre) }, refs)
    : buildUnallocatedTransferJournal(split, refs);
  insertLedgerJournal(tx, journal, { orgId, at: input.now, createdBy: input.actorId });

  appendCaseEvent(tx, {
    org_id: orgId,
    case_id: caseRow.id,
    type: 'PAYMENT_ALLOCATED',
    actor_id: input.actorId,
    payload: {
      payment_id: payment.id,
      sequence_no: sequenceNo,
      amount: oreToDecimal(allocatedOre),
      principal: oreToDecimal(split.principalOre),
      interest: oreToDecimal(split.interestOre),
      fees: oreToDecimal(split.feesOre),
      paid_at: payment.paid_at,
      method: payment.method,
    },
    created_at: input.now,
  });
  if (after.isChanged) {
    appendCaseEvent(tx, {
      org_id: orgId,
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
  return { allocation, split, payment: updatedPayment, caseRow: updatedCase, closed: after.isChanged, followUps: after.followUps };
}
