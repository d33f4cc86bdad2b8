import {
  addOre,
  assertStateMachineTransition,
  CASE_STATUS_LABELS,
  compareIsoDates,
  DomainError,
  negOre,
  oreToDecimal,
  PAYMENT_STATUS_MACHINE,
  reverseJournal,
  subOre,
  transactionIdScheme,
  ZERO_ORE,
  type BankPaymentRecord,
  type LedgerJournal,
  type Ore,
  type PaymentStatus,
} from '@fordran/core';
import {
  deletePaymentAllocationRows,
  findCaseRow,
  findLastCaseStatusChangePayload,
  insertLedgerJournal,
  listLedgerEntryRowsOfJournals,
  listPaymentAllocationRows,
  listReversedPaymentCandidates,
  markLedgerJournalReversed,
  updateCaseRow,
  updatePaymentRow,
  type CaseRow,
  type Db,
  type PaymentAllocationRow,
  type PaymentRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { appendCaseEvent } from '../cases/case-events';
import { bookCaseInterestAccrual, caseInterestAsOf, loadCaseSettlements, settlementsOf, storeCaseInterest } from '../cases/case-interest';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import { paymentReverseSchema, type PaymentReverseInput, type PaymentResponse } from '../schemas/payments';
import { paymentJournalRows } from './payment-journals';
import { paymentView, readPayment } from './payment-view';
import { interestTermsOf } from './write-allocation';

/*
 * A camt reversal (`RvslInd`) takes back money the bank credited earlier. Fordran never books it
 * as money out by itself: the import links it to the payment it reverses, and a person reverses
 * that payment's bookings (docs/bank-files.md "Reversals and returned payments").
 */

/** Payments whose money is booked and can be taken back. */
const BOOKED: PaymentStatus[] = ['received', 'allocated', 'partially_allocated', 'unmatched'];

/**
 * The booked payment a reversal takes back: from the same family of files, the reversed amount,
 * the same OCR (else reference), paid on or before the reversal; the latest such payment when
 * exactly one is latest, else null (a person must look).
 */
export async function linkReversal(db: Db, orgId: string, reversal: BankPaymentRecord): Promise<PaymentRow | null> {
  const amountOre = negOre(reversal.amountOre);
  const match = reversal.ocr ? { ocr: reversal.ocr } : reversal.reference ? { reference: reversal.reference } : null;
  if (amountOre <= 0 || !match) return null;
  const scheme = transactionIdScheme(reversal.transaction_id);
  const rows = await listReversedPaymentCandidates(db, orgId, { match, amountOre, paidBy: reversal.paid_at, statuses: BOOKED });
  const candidates = rows.filter((row) => row.transaction_id !== null && transactionIdScheme(row.transaction_id) === scheme);
  const [latest, next] = candidates;
  return latest && (!next || next.paid_at !== latest.paid_at) ? latest : null;
}

/** The payment's posted journals as core journals, to reverse line by line. */
async function paymentJournals(tx: Db, orgId: string, paymentId: string): Promise<{ id: string; journal: LedgerJournal }[]> {
  const rows = (await paymentJournalRows(tx, orgId, paymentId)).filter((row) => row.status === 'posted');
  const lines = await listLedgerEntryRowsOfJournals(
    tx,
    orgId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    journal: {
      source: row.source as LedgerJournal['source'],
      source_ref: row.source_ref ?? paymentId,
      booked_at: String(row.meta_json.booked_on ?? ''),
      meta: row.meta_json,
      lines: lines
        .filter((line) => line.journal_id === row.id)
        .map((line) => ({
          account_code: line.account_code,
          debitOre: line.debit,
          creditOre: line.credit,
          ...(line.case_id ? { case_id: line.case_id } : {}),
          ...(line.creditor_id ? { creditor_id: line.creditor_id } : {}),
        })),
    },
  }));
}

/** Whether the case's latest status change closed it as paid (then taking the money back reopens it). */
async function closedAsPaid(tx: Db, row: CaseRow): Promise<boolean> {
  if (row.status !== 'closed') return false;
  const last = await findLastCaseStatusChangePayload(tx, row.org_id, row.id);
  return last?.close_reason === 'paid';
}

interface ReversalScope {
  orgId: string;
  actorId: string | null;
  now: string;
  today: string;
  reason: string;
  payment: PaymentRow;
}

/** What a reversed payment had settled on one case: in all, and of it interest. */
interface CaseSettled {
  amountOre: Ore;
  interestOre: Ore;
}

/** What the allocations settled, per case. */
function settledByCase(allocations: readonly PaymentAllocationRow[]): Map<string, CaseSettled> {
  const byCase = new Map<string, CaseSettled>();
  for (const allocation of allocations) {
    const sum = byCase.get(allocation.case_id) ?? { amountOre: ZERO_ORE, interestOre: ZERO_ORE };
    byCase.set(allocation.case_id, { amountOre: addOre(sum.amountOre, allocation.amount), interestOre: addOre(sum.interestOre, allocation.interest_amount) });
  }
  return byCase;
}

/**
 * Gives a case back what the payment settled on it: the paid total, the outstanding amount, the
 * interest recalculated as if the payment never came (the capital it paid was owed all along), and
 * the case reopened when the payment had closed it as paid. Interest the payment settled beyond
 * what a later back-dated payment left charged had moved to capital (1511 → 1510); the accrual
 * moves back what no longer lies beyond.
 */
async function restoreCase(tx: Db, scope: ReversalScope, caseId: string, settled: CaseSettled): Promise<void> {
  const row = (await findCaseRow(tx, { orgId: scope.orgId }, caseId))!;
  let restored = await updateCaseRow(tx, scope.orgId, caseId, {
    amount_paid_total: subOre(row.amount_paid_total, settled.amountOre),
    total_outstanding: addOre(row.total_outstanding, settled.amountOre),
    updated_at: scope.now,
  });
  const terms = await interestTermsOf(tx, restored);
  const asOf = restored.interest_calculated_to;
  if (asOf) {
    const settlements = settlementsOf(await loadCaseSettlements(tx, scope.orgId, [caseId]), caseId);
    const runs = terms !== null && compareIsoDates(asOf, terms.dueDate) > 0;
    const interestOre = runs
      ? caseInterestAsOf({ ...terms, principalOre: restored.total_principal, principalReductions: settlements.principalReductions }, asOf).amountOre
      : restored.total_interest;
    const interestPaidBeforeOre = addOre(settlements.interestPaidOre, settled.interestOre);
    const accrual = await storeCaseInterest(tx, restored, interestOre, asOf, scope.now, settlements.interestPaidOre, interestPaidBeforeOre);
    await bookCaseInterestAccrual(tx, restored, accrual, { asOf, today: scope.today, now: scope.now, actorId: scope.actorId });
    if (accrual.amountOre !== 0) {
      await appendCaseEvent(tx, {
        org_id: scope.orgId,
        case_id: caseId,
        type: 'interest_calculated',
        actor_id: scope.actorId,
        payload: { amount: oreToDecimal(interestOre), change: oreToDecimal(accrual.amountOre), as_of: asOf, payment_id: scope.payment.id },
        created_at: scope.now,
      });
    }
    restored = (await findCaseRow(tx, { orgId: scope.orgId }, caseId))!;
  }
  if (restored.total_outstanding > 0 && (await closedAsPaid(tx, restored))) {
    await updateCaseRow(tx, scope.orgId, caseId, { status: 'active', closed_at: null, updated_at: scope.now });
    await appendCaseEvent(tx, {
      org_id: scope.orgId,
      case_id: caseId,
      type: 'status_changed',
      actor_id: scope.actorId,
      payload: {
        from: 'closed',
        to: 'active',
        from_label: CASE_STATUS_LABELS.closed,
        to_label: CASE_STATUS_LABELS.active,
        reason: 'Inbetalningen återfördes av banken',
      },
      created_at: scope.now,
    });
  }
}

/** Books a reversal of each posted journal that booked the payment and marks it reversed (the ledger is never edited). */
async function reversePaymentJournals(tx: Db, scope: ReversalScope): Promise<void> {
  const { orgId, payment } = scope;
  for (const { id: journalId, journal } of await paymentJournals(tx, orgId, payment.id)) {
    await insertLedgerJournal(
      tx,
      reverseJournal(journal, { source: 'reversal', source_ref: journalId, booked_at: scope.today, meta: { payment_id: payment.id, reason: scope.reason } }),
      {
        orgId,
        at: scope.now,
        createdBy: scope.actorId,
        reversesJournalId: journalId,
      },
    );
    await markLedgerJournalReversed(tx, orgId, journalId);
  }
}

/**
 * Reverses a booked payment the bank took back ('Återför inbetalningen'), with the reason in the
 * audit log, in one transaction: every journal that booked it is reversed by a new journal (the
 * ledger is never edited), every case it settled owes again what it settled (interest recalculated,
 * a case closed as paid reopened), its allocations are removed (the case timeline keeps them in a
 * PAYMENT_REVERSED event) and it becomes `reversed`.
 */
export async function reversePayment(ctx: OrgScope, paymentId: string, input: PaymentReverseInput): Promise<PaymentResponse> {
  requireScopePermission(ctx, 'payments.write');
  const id = parseInput(idSchema, paymentId);
  const { reason } = parseInput(paymentReverseSchema, input);
  const orgId = ctx.membership.org_id;
  const scope = { orgId, actorId: auditActor(ctx), now: ctx.app.clock.now(), today: ctx.app.clock.today(), reason };
  return ctx.app.database.transaction(async (tx) => {
    const payment = await readPayment(tx, orgId, id);
    if (!BOOKED.includes(payment.status)) {
      throw new DomainError('INVALID_TRANSITION', 'Bara en bokförd inbetalning kan återföras', { status: payment.status });
    }
    assertStateMachineTransition(PAYMENT_STATUS_MACHINE, payment.status, 'reversed');
    const full = { ...scope, payment };
    await reversePaymentJournals(tx, full);
    const allocations = await listPaymentAllocationRows(tx, orgId, payment.id);
    await deletePaymentAllocationRows(tx, orgId, payment.id);
    const byCase = settledByCase(allocations);
    for (const [caseId, settled] of byCase) {
      await restoreCase(tx, full, caseId, settled);
      await appendCaseEvent(tx, {
        org_id: orgId,
        case_id: caseId,
        type: 'PAYMENT_REVERSED',
        actor_id: scope.actorId,
        payload: {
          payment_id: payment.id,
          amount: oreToDecimal(settled.amountOre),
          paid_at: payment.paid_at,
          reason,
          allocations: allocations
            .filter((allocation) => allocation.case_id === caseId)
            .map((allocation) => ({
              sequence_no: allocation.sequence_no,
              principal: oreToDecimal(allocation.principal_amount),
              interest: oreToDecimal(allocation.interest_amount),
              fees: oreToDecimal(allocation.fees_amount),
            })),
        },
        created_at: scope.now,
      });
    }
    // Nothing of it is allocated any more; the money itself left with the reversal journals.
    const reversed = await updatePaymentRow(tx, orgId, payment.id, { status: 'reversed', unallocated_amount: payment.amount, updated_at: scope.now });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: scope.actorId,
      event: 'payment.reversed',
      entity: 'payments',
      entity_id: payment.id,
      payload: { amount: oreToDecimal(payment.amount), paid_at: payment.paid_at, reason, cases: [...byCase.keys()] },
      created_at: scope.now,
    });
    return paymentView(tx, orgId, reversed);
  });
}
