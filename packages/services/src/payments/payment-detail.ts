import { oreToDecimal } from '@fordran/core';
import { listPaymentCaseSummaryRows, type AuditRecordRef } from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import { roleCan } from '../access/roles';
import { auditEntries } from '../audit/audit-log';
import { statementOfPayment } from '../bank/bank-statements';
import { journalResponses } from '../ledger/ledger';
import { idSchema } from '../schemas/common';
import type { PaymentDetailResponse } from '../schemas/payments';
import { parseInput } from '../schemas/zod-setup';
import { paymentJournalsWithReversals } from './payment-journals';
import { paymentView, readPayment } from './payment-view';

/** More audit rows than one payment gathers in practice; the view is not a log to page through. */
const PAYMENT_AUDIT_LIMIT = 200;

/**
 * A payment's detail view (/payments/:id): its fields and allocations, the cases it went to with
 * their status and what they still owe, the journals that booked it (and reversed them), the bank statement and file
 * line it came from, and its audit trail with the file's import. Journals and statement are
 * ledger data, left out (null) for a role without ledger.read.
 */
export async function getPaymentDetail(ctx: OrgScope, paymentId: string): Promise<PaymentDetailResponse> {
  requireScopePermission(ctx, 'payments.read');
  const db = ctx.app.database.db;
  const orgId = ctx.membership.org_id;
  const row = await readPayment(db, orgId, parseInput(idSchema, paymentId));
  const payment = await paymentView(db, orgId, row);
  const caseIds = [...new Set(payment.allocations.map((allocation) => allocation.case_id))];
  const allocatedCases = await listPaymentCaseSummaryRows(db, orgId, caseIds);
  const byId = new Map(allocatedCases.map((item) => [item.id, { ...item, total_outstanding: oreToDecimal(item.total_outstanding) }]));

  const canReadLedger = roleCan(ctx.membership.role, 'ledger.read');
  const journals = canReadLedger ? await journalResponses(db, orgId, await paymentJournalsWithReversals(db, orgId, row.id)) : null;
  const statementId = row.bank_statement_id ?? null;
  const bankStatement = canReadLedger && statementId ? await statementOfPayment(ctx, statementId, row.transaction_id ?? null) : null;

  const records: AuditRecordRef[] = [{ entity: 'payments', entity_id: row.id }];
  if (statementId) records.push({ entity: 'bank_statements', entity_id: statementId, event: 'payments.imported' });
  const audit = await auditEntries(db, orgId, { records }, PAYMENT_AUDIT_LIMIT, 'as_written');

  return {
    payment,
    cases: caseIds.flatMap((id) => {
      const item = byId.get(id);
      return item ? [item] : [];
    }),
    journals,
    bank_statement: bankStatement,
    audit,
  };
}
