import { oreToDecimal } from '@fordran/core';
import { countCaseSummaryRows, countOpenCaseFlagsByLevel, listCaseSummaryRows, type CaseListFilter, type Db } from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import { parseInput, type z } from '../schemas/zod-setup';
import { caseListQuerySchema, type CaseListResponse, type CaseSummary } from '../schemas/cases';
import { caseScopeOf } from './case-scope';
import { caseDayOf } from './case-segments';

/** The list's query as the store's filter: the request's scope, and today in Sweden. */
function caseListFilter(ctx: OrgScope, q: z.output<typeof caseListQuerySchema>): CaseListFilter {
  return {
    scope: caseScopeOf(ctx),
    day: caseDayOf(ctx.app.clock.today()),
    status: q.status,
    stage: q.stage,
    creditorId: q.creditor_id,
    partyId: q.party_id,
    handlerId: q.handler_id,
    flagged: q.flagged === 'true',
    segment: q.segment,
    query: q.query,
  };
}

const NO_FLAGS: CaseSummary['open_flags'] = { block: 0, warning: 0, info: 0 };

/** The open flags of the page's cases by level, in one grouped query. */
async function openFlagsOf(db: Db, orgId: string, caseIds: string[]): Promise<Map<string, CaseSummary['open_flags']>> {
  const openFlags = new Map<string, CaseSummary['open_flags']>();
  for (const { case_id, level, n } of await countOpenCaseFlagsByLevel(db, orgId, caseIds)) {
    const entry = openFlags.get(case_id) ?? { ...NO_FLAGS };
    entry[level] = n;
    openFlags.set(case_id, entry);
  }
  return openFlags;
}

/**
 * The case list (part 1 §2 /cases, newest first as the spec's select): filters by status, stage,
 * creditor, debtor, handler, open flags, a dashboard segment and free text, sorting, and paging
 * with the total of matching cases. Built
 * for 100 000 cases: the page is one indexed query, the flags of its rows a second.
 */
export async function listCases(ctx: OrgScope, query: unknown = {}): Promise<CaseListResponse> {
  requireScopePermission(ctx, 'cases.read');
  const q = parseInput(caseListQuerySchema, query);
  const filter = caseListFilter(ctx, q);
  const db = ctx.app.database.db;
  const [rows, total] = await Promise.all([
    listCaseSummaryRows(db, filter, { sort: q.sort, order: q.order, limit: q.limit, offset: q.offset }),
    countCaseSummaryRows(db, filter),
  ]);
  const openFlags = await openFlagsOf(
    db,
    ctx.membership.org_id,
    rows.map((row) => row.id),
  );
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      status: row.status,
      stage: row.stage,
      reference_no: row.reference_no,
      due_date: row.due_date,
      creditor: { id: row.creditor_id, name: row.creditor_name },
      party: { id: row.party_id, name: row.party_name, type: row.party_type },
      total_principal: oreToDecimal(row.total_principal),
      total_interest: oreToDecimal(row.total_interest),
      total_fees: oreToDecimal(row.total_fees),
      amount_paid_total: oreToDecimal(row.amount_paid_total),
      total_outstanding: oreToDecimal(row.total_outstanding),
      ocr_reference: row.ocr_reference ?? null,
      open_flags: openFlags.get(row.id) ?? { ...NO_FLAGS },
      created_at: row.created_at,
    })),
  };
}
