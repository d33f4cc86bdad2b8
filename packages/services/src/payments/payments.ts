import { buildCaseMatchIndex, DomainError, matchPaymentCandidates, oreToDecimal, type CaseMatchIndex } from '@fordran/core';
import {
  countPaymentRows,
  findPaymentAllocationOrder,
  findPaymentByTransactionId,
  insertPaymentRow,
  listPaymentCaseSummaryRows,
  listPaymentMatchCaseRows,
  listPaymentRows,
  type Db,
  type PaymentListFilter,
  type PaymentRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { parseInput, z } from '../schemas/zod-setup';
import { idSchema } from '../schemas/common';
import {
  makePaymentCreateInputSchema,
  paymentAllocateSchema,
  paymentCreateSchema,
  paymentListQuerySchema,
  type PaymentAllocateInput,
  type PaymentAllocateResponse,
  type PaymentCandidatesResponse,
  type PaymentCreateInput,
  type PaymentListResponse,
  type PaymentResponse,
} from '../schemas/payments';
import { paymentView, paymentViews, readPayment } from './payment-view';
import { writeAllocation } from './write-allocation';

/** The organisation's open cases (active or draft, part 2 §5) indexed for matching (core). */
export async function loadCaseMatchIndex(db: Db, orgId: string): Promise<CaseMatchIndex> {
  return buildCaseMatchIndex(await listPaymentMatchCaseRows(db, orgId));
}

/**
 * 'Inbetalningar' (part 2 §2): by payment date (newest first by default) or amount, either way;
 * filters by status, method, bank statement, paid days `from`–`to` and search; paging.
 */
export async function listPayments(ctx: OrgScope, query: unknown = {}): Promise<PaymentListResponse> {
  requireScopePermission(ctx, 'payments.read');
  const q = parseInput(paymentListQuerySchema, query);
  const orgId = ctx.membership.org_id;
  const filter: PaymentListFilter = {
    ...(q.status ? { status: q.status } : {}),
    ...(q.method ? { method: q.method } : {}),
    ...(q.bank_statement_id ? { bankStatementId: q.bank_statement_id } : {}),
    ...(q.from ? { from: q.from } : {}),
    ...(q.to ? { to: q.to } : {}),
    ...(q.query ? { search: q.query } : {}),
  };
  const db = ctx.app.database.db;
  const [rows, total] = await Promise.all([
    listPaymentRows(db, orgId, filter, { sort: q.sort, order: q.order, limit: q.limit, offset: q.offset }),
    countPaymentRows(db, orgId, filter),
  ]);
  return { items: await paymentViews(db, orgId, rows), total };
}

export async function getPayment(ctx: OrgScope, paymentId: string): Promise<PaymentResponse> {
  requireScopePermission(ctx, 'payments.read');
  const db = ctx.app.database.db;
  return paymentView(db, ctx.membership.org_id, await readPayment(db, ctx.membership.org_id, parseInput(idSchema, paymentId)));
}

/**
 * 'Ny inbetalning' (part 2 §5): registered as `received`, nothing booked until it is allocated
 * (the allocation books the whole payment on 1900). A repeated `idempotency_key` returns the
 * payment registered the first time ('Inbetalning skapad' once, never twice).
 */
export async function createPayment(ctx: OrgScope, input: PaymentCreateInput): Promise<PaymentResponse> {
  requireScopePermission(ctx, 'payments.write');
  const shape = parseInput(paymentCreateSchema, input);
  const today = ctx.app.clock.today();
  const parsed = parseInput(makePaymentCreateInputSchema(today).extend({ reference: z.string().nullish(), payer_name: z.string().nullish() }), {
    method: shape.method,
    amount: shape.amount,
    ocr: shape.ocr ?? null,
    message: shape.message ?? null,
    reference: shape.reference ?? null,
    payer_name: shape.payer_name ?? null,
    ...(shape.paid_at ? { paid_at: shape.paid_at } : {}),
  });
  const orgId = ctx.membership.org_id;
  const transactionId = shape.idempotency_key ? `manual:${shape.idempotency_key}` : null;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    if (transactionId) {
      const existing = await findPaymentByTransactionId(tx, orgId, transactionId);
      if (existing) return paymentView(tx, orgId, existing);
    }
    const row = await insertPaymentRow(tx, {
      org_id: orgId,
      method: parsed.method,
      amount: parsed.amount,
      unallocated_amount: parsed.amount,
      ocr: parsed.ocr,
      reference: parsed.reference ?? null,
      message: parsed.message,
      payer_name: parsed.payer_name ?? null,
      paid_at: parsed.paid_at,
      status: 'received',
      transaction_id: transactionId,
      created_by: auditActor(ctx),
      created_at: now,
      updated_at: now,
    });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'payment.created',
      entity: 'payments',
      entity_id: row.id,
      payload: { amount: oreToDecimal(row.amount), method: row.method, paid_at: row.paid_at },
      created_at: now,
    });
    return paymentView(tx, orgId, row);
  });
}

/**
 * The match dialog's candidates (part 2 §5): the organisation's active and draft cases ranked by
 * core's matcher — case id in the reference, OCR, message reference, claim reference, equal
 * outstanding amount — at most 10, best first ('Inga matchande ärenden hittades' when none).
 */
export async function paymentCandidates(ctx: OrgScope, paymentId: string): Promise<PaymentCandidatesResponse> {
  requireScopePermission(ctx, 'payments.read');
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const payment = await readPayment(db, orgId, parseInput(idSchema, paymentId));
  const amountOre = payment.unallocated_amount > 0 ? payment.unallocated_amount : payment.amount;
  const ranked = matchPaymentCandidates(await loadCaseMatchIndex(db, orgId), {
    amountOre,
    reference: payment.reference,
    ocr: payment.ocr,
    message: payment.message,
  });
  if (ranked.length === 0) return { candidates: [] };
  const summaries = await listPaymentCaseSummaryRows(
    db,
    orgId,
    ranked.map((candidate) => candidate.case_id),
  );
  const details = new Map(summaries.map((row) => [row.id, row]));
  return {
    candidates: ranked.flatMap((candidate) => {
      const row = details.get(candidate.case_id);
      if (!row) return [];
      return [
        {
          case_id: row.id,
          reference_no: row.reference_no,
          creditor_name: row.creditor_name,
          party_name: row.party_name,
          status: row.status,
          total_outstanding: oreToDecimal(row.total_outstanding),
          reasons: candidate.reasons,
          score: candidate.score,
        },
      ];
    }),
  };
}

/** Held, duplicate and reversed payments are not money to allocate: a held one is decided first. */
function assertAllocatable(payment: PaymentRow): void {
  if (payment.status === 'held')
    throw new DomainError('INVALID_TRANSITION', 'Inbetalningen är en möjlig dubblett – granska den först', { payment_id: payment.id });
  if (payment.status === 'duplicate' || payment.status === 'reversed') {
    throw new DomainError('INVALID_TRANSITION', `Inbetalningen är ${payment.status === 'duplicate' ? 'en dubblett' : 'återförd'} och kan inte avräknas`, {
      payment_id: payment.id,
    });
  }
}

/**
 * Allocates a payment (or part of it) to a case ('Betalning avräknad'): in one transaction the
 * allocation, the case's paid and outstanding totals, the PAYMENT_ALLOCATED event, the balanced
 * journal and an audit row; a case paid in full is closed. More than the case owes is refused:
 * 'Betalning överstiger utestående belopp'.
 */
export async function allocatePaymentToCase(ctx: OrgScope, paymentId: string, input: PaymentAllocateInput): Promise<PaymentAllocateResponse> {
  requireScopePermission(ctx, 'payments.write');
  const id = parseInput(idSchema, paymentId);
  const shape = parseInput(paymentAllocateSchema, input);
  const amountOre = shape.amount === undefined ? undefined : parseInput(makePaymentCreateInputSchema(ctx.app.clock.today()).shape.amount, shape.amount);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  return ctx.app.database.transaction(async (tx) => {
    const payment = await readPayment(tx, orgId, id);
    assertAllocatable(payment);
    if (payment.unallocated_amount <= 0) throw new DomainError('INVALID_TRANSITION', 'Inbetalningen är redan avräknad i sin helhet', { payment_id: id });
    const outcome = await writeAllocation(tx, {
      payment,
      caseId: parseInput(idSchema, shape.case_id),
      mode: 'strict',
      ...(amountOre === undefined ? {} : { amountOre }),
      order: await findPaymentAllocationOrder(tx, orgId),
      actorId: actor,
      now,
      today: ctx.app.clock.today(),
    });
    // Strict mode allocates at least one öre or throws; null only arises in import mode.
    if (!outcome) throw new DomainError('PAYMENT_EXCEEDS_OUTSTANDING');
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: actor,
      event: 'payment.allocated',
      entity: 'payments',
      entity_id: payment.id,
      payload: {
        case_id: outcome.caseRow.id,
        amount: oreToDecimal(outcome.allocation.amount),
        sequence_no: outcome.allocation.sequence_no,
        closed: outcome.closed,
      },
      created_at: now,
    });
    const view = await paymentView(tx, orgId, outcome.payment);
    return {
      payment: view,
      allocation: view.allocations.find((allocation) => allocation.id === outcome.allocation.id)!,
      case: {
        id: outcome.caseRow.id,
        status: outcome.caseRow.status,
        amount_paid_total: oreToDecimal(outcome.caseRow.amount_paid_total),
        total_outstanding: oreToDecimal(outcome.caseRow.total_outstanding),
        closed: outcome.closed,
        follow_ups: outcome.followUps,
      },
    };
  });
}
