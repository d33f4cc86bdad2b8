import { and, eq } from 'drizzle-orm';
import { DomainError, oreToDecimal } from '@fordran/core';
import { bankStatements, payments, type DbOrTx, type PaymentRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { reconcileBankStatement } from '../bank/bank-statements';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import { heldPaymentResolveSchema, type HeldPaymentResolveInput, type HeldPaymentReview, type PaymentResponse } from '../schemas/payments';
import { settleImportedPayment } from './book-imported-payment';
import { allocationOrderOf, loadCaseMatchIndex } from './payments';
import { paymentView, readPayment } from './payment-view';

/*
 * Payments held for review (docs/bank-files.md "One booking per bank transaction"): an imported
 * payment that may be a transaction already booked from another file. A person sees both side by
 * side and decides: the same transaction (it stays unbooked, status duplicate) or another one
 * (booked like any imported payment).
 */

function statementOf(db: DbOrTx, orgId: string, statementId: string | null) {
  if (!statementId) return null;
  const row = db
    .select({
      id: bankStatements.id,
      file_name: bankStatements.file_name,
      file_format: bankStatements.file_format,
      statement_date: bankStatements.statement_date,
    })
    .from(bankStatements)
    .where(and(eq(bankStatements.org_id, orgId), eq(bankStatements.id, statementId)))
    .get();
  return row ?? null;
}

function heldPair(db: DbOrTx, orgId: string, paymentId: string): { held: PaymentRow; original: PaymentRow } {
  const held = readPayment(db, orgId, paymentId);
  if (!held.duplicate_of_payment_id) throw new DomainError('INVALID_TRANSITION', 'Inbetalningen är inte hållen som möjlig dubblett');
  return { held, original: readPayment(db, orgId, held.duplicate_of_payment_id) };
}

/** The held payment and the payment it may repeat, side by side, each with the file it came from. */
export function getHeldPaymentReview(ctx: OrgScope, paymentId: string): HeldPaymentReview {
  requireScopePermission(ctx, 'payments.read');
  const db = ctx.app.store.db;
  const orgId = ctx.membership.org_id;
  const { held, original } = heldPair(db, orgId, parseInput(idSchema, paymentId));
  return {
    payment: paymentView(db, orgId, held),
    payment_file: statementOf(db, orgId, held.bank_statement_id),
    original: paymentView(db, orgId, original),
    original_file: statementOf(db, orgId, original.bank_statement_id),
  };
}

/**
 * Decides a held payment, with the reason in the audit log: `duplicate` — the same transaction as
 * the payment already booked, so nothing is booked (its statement counts it as that payment);
 * `book` — another transaction, booked and settled as the import would have. Its statement is
 * reconciled again.
 */
export async function resolveHeldPayment(ctx: OrgScope, paymentId: string, input: HeldPaymentResolveInput): Promise<PaymentResponse> {
  requireScopePermission(ctx, 'payments.write');
  const id = parseInput(idSchema, paymentId);
  const { decision, reason } = parseInput(heldPaymentResolveSchema, input);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  const actorId = auditActor(ctx);
  const row = ctx.app.store.transaction((tx) => {
    const { held, original } = heldPair(tx, orgId, id);
    if (held.status !== 'held') throw new DomainError('INVALID_TRANSITION', 'Inbetalningen är redan granskad', { status: held.status });
    let outcome: string = decision;
    if (decision === 'duplicate') {
      tx.update(payments).set({ status: 'duplicate', updated_at: now }).where(eq(payments.id, held.id)).run();
    } else {
      outcome = settleImportedPayment(
        tx,
        { orgId, index: loadCaseMatchIndex(tx, orgId), order: allocationOrderOf(tx, orgId), actorId, now, today: ctx.app.clock.today() },
        held,
      );
    }
    appendAudit(tx, {
      org_id: orgId,
      actor_id: actorId,
      event: 'payment.held_resolved',
      entity: 'payments',
      entity_id: held.id,
      payload: { decision, outcome, reason, duplicate_of_payment_id: original.id, amount: oreToDecimal(held.amount) },
      created_at: now,
    });
    return readPayment(tx, orgId, held.id);
  });
  if (row.bank_statement_id) await reconcileBankStatement(ctx, row.bank_statement_id);
  return paymentView(ctx.app.store.db, orgId, row);
}
