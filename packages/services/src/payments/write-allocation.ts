import { and, eq, max, sum } from 'drizzle-orm';
import {
  addOre,
  allocatePayment,
  assertStateMachineTransition,
  buildAllocationJournal,
  buildUnallocatedTransferJournal,
  caseStateAfterFullPayment,
  CASE_STATUS_LABELS,
  DomainError,
  ore,
  oreToDecimal,
  PAYMENT_STATUS_MACHINE,
  subOre,
  sumOre,
  type AllocationBalances,
  type AllocationOrder,
  type AllocationSplit,
  type Ore,
} from '@fordran/core';
import { cases, insertLedgerJournal, paymentAllocations, payments, type CaseRow, type DbOrTx, type PaymentAllocationRow, type PaymentRow } from '@fordran/store';
import { appendCaseEvent } from '../cases/case-events';
import { caseNotFound } from '../cases/case-scope';

/** What is still open on a case per part, in öre: each total minus what allocations settled of it. */
export function openCaseBalances(tx: DbOrTx, row: Pick<CaseRow, 'id' | 'org_id' | 'total_principal' | 'total_interest' | 'total_fees'>): AllocationBalances {
  const paid = tx
    .select({ principal: sum(paymentAllocations.principal_amount), interest: sum(paymentAllocations.interest_amount), fees: sum(paymentAllocations.fees_amount) })
    .from(paymentAllocations)
    .where(and(eq(paymentAllocations.org_id, row.org_id), eq(paymentAllocations.case_id, row.id)))
    .get();
  // A recalculation may lower interest below what was already paid of it: nothing is then open.
  const open = (totalOre: Ore, paidText: string | null | undefined) => ore(Math.max(0, subOre(totalOre, ore(Number(paidText ?? 0)))));
  return {
    principalOre: open(row.total_principal, paid?.principal),
    interestOre: open(row.total_interest, paid?.interest),
    feesOre: open(row.total_fees, paid?.fees),
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
  const row = tx.select().from(cases).where(and(eq(cases.org_id, orgId), eq(cases.id, caseId))).get();
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
  const balances = openCaseBalances(tx, caseRow);
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
  const sequenceNo = (tx.select({ n: max(paymentAllocations.sequence_no) }).from(paymentAllocations).where(eq(paymentAllocations.payment_id, payment.id)).get()?.n ?? 0) + 1;
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

  const paidOre = addOre(caseRow.amount_paid_total, allocatedOre);
  const outstandingOre = subOre(caseRow.total_outstanding, allocatedOre);
  const after = caseStateAfterFullPayment({ status: caseRow.status, stage: caseRow.stage, totalOutstandingOre: outstandingOre });
  const updatedCase = tx
    .update(cases)
    .set({
      amount_paid_total: paidOre,
      total_outstanding: outstandingOre,
      updated_at: input.now,
      ...(after.isChanged ? { status: after.status, closed_at: input.now } : {}),
    })
    .where(and(eq(cases.org_id, orgId), eq(cases.id, caseRow.id)))
    .returning()
    .get()!;

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
