import { DomainError, oreToDecimal } from '@fordran/core';
import { findBankStatementFileRef, findPaymentAllocationOrder, updatePaymentRow, type BankStatementFileRef, type Db, type PaymentRow } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { reconcileBankStatement } from '../bank/bank-statements';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import { heldPaymentResolveSchema, type HeldPaymentResolveInput, type HeldPaymentReview, type PaymentResponse } from '../schemas/payments';
import { settleImportedPayment } from './book-imported-payment';
import { loadCaseMatchIndex } from './payments';
import { paymentView, readPayment } from './payment-view';

/*
 * Payments held for review (docs/bank-files.md "One booking per bank transaction"): an imported
 * payment that may be a transaction already booked from another file. A person sees both side by
 * side and decides: the same transaction (it stays unbooked, status duplicate) or another one
 * (booked like any imported payment).
 */

async function statementOf(db: Db, orgId: string, statementId: string | null): Promise<BankStatementFileRef | null> {
  if (!statementId) return null;
  return (await findBankStatementFileRef(db, orgId, statementId)) ?? null;
}

async function heldPair(db: Db, orgId: string, paymentId: string): Promise<{ held: PaymentRow; original: PaymentRow }> {
  const held = await readPayment(db, orgId, paymentId);
  if (!held.duplicate_of_payment_id) throw new DomainError('INVALID_TRANSITION', 'Inbetalningen är inte hållen som möjlig dubblett');
  return { held, original: await readPayment(db, orgId, held.duplicate_of_payment_id) };
}

/** The held payment and the payment it may repeat, side by side, each with the file it came from. */
export async function getHeldPaymentReview(ctx: OrgScope, paymentId: string): Promise<HeldPaymentReview> {
  requireScopePermission(ctx, 'payments.read');
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const { held, original } = await heldPair(db, orgId, parseInput(idSchema, paymentId));
  const [payment, paymentFile, originalView, originalFile] = await Promise.all([
    paymentView(db, orgId, held),
    statementOf(db, orgId, held.bank_statement_id),
    paymentView(db, orgId, original),
    statementOf(db, orgId, original.bank_statement_id),
  ]);
  return { payment, payment_file: paymentFile, original: originalView, original_file: originalFile };
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
  const row = await ctx.app.database.transaction(async (tx) => {
    const { held, original } = await heldPair(tx, orgId, id);
    if (held.status !== 'held') throw new DomainError('INVALID_TRANSITION', 'Inbetalningen är redan granskad', { status: held.status });
    let outcome: string = decision;
    if (decision === 'duplicate') {
      await updatePaymentRow(tx, orgId, held.id, { status: 'duplicate', updated_at: now });
    } else {
      outcome = await settleImportedPayment(
        tx,
        { orgId, index: await loadCaseMatchIndex(tx, orgId), order: await findPaymentAllocationOrder(tx, orgId), actorId, now, today: ctx.app.clock.today() },
        held,
      );
    }
    await appendAudit(tx, {
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
  return paymentView(ctx.app.database.db, orgId, row);
}
