import { and, asc, count, desc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import {
  buildCaseMatchIndex,
  DomainError,
  matchPaymentCandidates,
  oreToDecimal,
  PAYMENT_MATCH_CASE_STATUSES,
  type AllocationOrder,
  type CaseMatchIndex,
} from '@fordran/core';
import { cases, claims, creditors, organisations, parties, payments, type DbOrTx, type PaymentRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { searchCondition } from '../directory/search-terms';
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

/** The organisation's allocation order (costs_first by default, part 2 §5 / domain reference §4.6). */
export function allocationOrderOf(db: DbOrTx, orgId: string): AllocationOrder {
  return db.select({ order: organisations.allocation_order }).from(organisations).where(eq(organisations.id, orgId)).get()?.order ?? 'costs_first';
}

/** The organisation's open cases (active or draft, part 2 §5) indexed for matching (core). */
export function loadCaseMatchIndex(db: DbOrTx, orgId: string): CaseMatchIndex {
  const rows = db
    .select({
      id: cases.id,
      status: cases.status,
      total_outstandingOre: cases.total_outstanding,
      ocr_reference: cases.ocr_reference,
      reference_no: claims.reference_no,
    })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .where(and(eq(cases.org_id, orgId), inArray(cases.status, [...PAYMENT_MATCH_CASE_STATUSES] as ('active' | 'draft')[])))
    .all();
  return buildCaseMatchIndex(rows);
}

/**
 * 'Inbetalningar' (part 2 §2): by payment date (newest first by default) or amount, either way;
 * filters by status, method, bank statement, paid days `from`–`to` and search; paging.
 */
export function listPayments(ctx: OrgScope, query: unknown = {}): PaymentListResponse {
  requireScopePermission(ctx, 'payments.read');
  const q = parseInput(paymentListQuerySchema, query);
  const orgId = ctx.membership.org_id;
  const conditions: (SQL | undefined)[] = [eq(payments.org_id, orgId)];
  if (q.status) conditions.push(eq(payments.status, q.status));
  if (q.method) conditions.push(eq(payments.method, q.method));
  if (q.bank_statement_id) conditions.push(eq(payments.bank_statement_id, q.bank_statement_id));
  if (q.from) conditions.push(gte(payments.paid_at, q.from));
  if (q.to) conditions.push(lte(payments.paid_at, q.to));
  if (q.query) conditions.push(searchCondition(q.query, [payments.reference, payments.message, payments.payer_name], [payments.ocr]));
  const where = and(...conditions);
  const direction = q.order === 'asc' ? asc : desc;
  // Ties in the order are broken the same way round, so a page boundary never repeats or skips a row.
  const order =
    q.sort === 'amount'
      ? [direction(payments.amount), direction(payments.id)]
      : [direction(payments.paid_at), direction(payments.created_at), direction(payments.id)];
  const db = ctx.app.store.db;
  const rows = db
    .select()
    .from(payments)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(q.offset)
    .all();
  const total = db.select({ n: count() }).from(payments).where(where).get()?.n ?? 0;
  return { items: paymentViews(db, orgId, rows), total };
}

export function getPayment(ctx: OrgScope, paymentId: string): PaymentResponse {
  requireScopePermission(ctx, 'payments.read');
  const db = ctx.app.store.db;
  return paymentView(db, ctx.membership.org_id, readPayment(db, ctx.membership.org_id, parseInput(idSchema, paymentId)));
}

/**
 * 'Ny inbetalning' (part 2 §5): registered as `received`, nothing booked until it is allocated
 * (the allocation books the whole payment on 1900). A repeated `idempotency_key` returns the
 * payment registered the first time ('Inbetalning skapad' once, never twice).
 */
export function createPayment(ctx: OrgScope, input: PaymentCreateInput): PaymentResponse {
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
  return ctx.app.store.transaction((tx) => {
    if (transactionId) {
      const existing = tx
        .select()
        .from(payments)
        .where(and(eq(payments.org_id, orgId), eq(payments.transaction_id, transactionId)))
        .get();
      if (existing) return paymentView(tx, orgId, existing);
    }
    const row = tx
      .insert(payments)
      .values({
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
      })
      .returning()
      .get();
    appendAudit(tx, {
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
export function paymentCandidates(ctx: OrgScope, paymentId: string): PaymentCandidatesResponse {
  requireScopePermission(ctx, 'payments.read');
  const db = ctx.app.store.db;
  const orgId = ctx.membership.org_id;
  const payment = readPayment(db, orgId, parseInput(idSchema, paymentId));
  const amountOre = payment.unallocated_amount > 0 ? payment.unallocated_amount : payment.amount;
  const ranked = matchPaymentCandidates(loadCaseMatchIndex(db, orgId), { amountOre, reference: payment.reference, ocr: payment.ocr, message: payment.message });
  if (ranked.length === 0) return { candidates: [] };
  const details = new Map(
    db
      .select({
        id: cases.id,
        status: cases.status,
        total_outstanding: cases.total_outstanding,
        reference_no: claims.reference_no,
        creditor_name: creditors.name,
        party_name: parties.name,
      })
      .from(cases)
      .innerJoin(claims, eq(claims.id, cases.claim_id))
      .innerJoin(creditors, eq(creditors.id, cases.creditor_id))
      .innerJoin(parties, eq(parties.id, cases.party_id))
      .where(and(eq(cases.org_id, orgId), or(...ranked.map((candidate) => eq(cases.id, candidate.case_id)))))
      .all()
      .map((row) => [row.id, row]),
  );
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
export function allocatePaymentToCase(ctx: OrgScope, paymentId: string, input: PaymentAllocateInput): PaymentAllocateResponse {
  requireScopePermission(ctx, 'payments.write');
  const id = parseInput(idSchema, paymentId);
  const shape = parseInput(paymentAllocateSchema, input);
  const amountOre = shape.amount === undefined ? undefined : parseInput(makePaymentCreateInputSchema(ctx.app.clock.today()).shape.amount, shape.amount);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const actor = auditActor(ctx);
  return ctx.app.store.transaction((tx) => {
    const payment = readPayment(tx, orgId, id);
    assertAllocatable(payment);
    if (payment.unallocated_amount <= 0) throw new DomainError('INVALID_TRANSITION', 'Inbetalningen är redan avräknad i sin helhet', { payment_id: id });
    const outcome = writeAllocation(tx, {
      payment,
      caseId: parseInput(idSchema, shape.case_id),
      mode: 'strict',
      ...(amountOre === undefined ? {} : { amountOre }),
      order: allocationOrderOf(tx, orgId),
      actorId: actor,
      now,
      today: ctx.app.clock.today(),
    });
    // Strict mode allocates at least one öre or throws; null only arises in import mode.
    if (!outcome) throw new DomainError('PAYMENT_EXCEEDS_OUTSTANDING');
    appendAudit(tx, {
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
    const view = paymentView(tx, orgId, outcome.payment);
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
