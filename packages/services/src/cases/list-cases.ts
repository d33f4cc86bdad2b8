import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { oreToDecimal } from '@fordran/core';
import { caseFlags, cases, claims, creditors, parties } from '@fordran/store';
import { requireScopePermission, type OrgScope } from '../access/operator';
import { searchCondition } from '../parties/search-terms';
import { parseInput } from '../schemas/zod-setup';
import { caseListQuerySchema, type CaseListResponse, type CaseSummary } from '../schemas/cases';
import { caseScope } from './case-scope';

const MESSAGE_REFERENCE = /^[0-9a-f]{8}$/i;

/**
 * Free-text search of the case list: the claim reference, the creditor's or debtor's name or
 * identifier, the OCR reference, or the 8-character message reference a debtor writes on a
 * payment. Names are matched in the (much smaller) creditor and party tables first.
 */
function caseSearch(orgId: string, query: string): SQL {
  const matchingCreditors = sql`${cases.creditor_id} IN (SELECT ${creditors.id} FROM ${creditors} WHERE ${creditors.org_id} = ${orgId} AND ${searchCondition(query, [creditors.name], [creditors.org_no])})`;
  const matchingParties = sql`${cases.party_id} IN (SELECT ${parties.id} FROM ${parties} WHERE ${parties.org_id} = ${orgId} AND ${searchCondition(query, [parties.name], [parties.national_id, parties.org_no])})`;
  const parts: SQL[] = [searchCondition(query, [claims.reference_no], []), matchingCreditors, matchingParties];
  const digits = query.replace(/\s/g, '');
  if (/^\d{2,25}$/.test(digits)) parts.push(eq(cases.ocr_reference, digits));
  if (MESSAGE_REFERENCE.test(query)) parts.push(sql`${cases.id} LIKE ${`${query.toLowerCase()}%`}`);
  return or(...parts)!;
}

const SORT_COLUMNS = {
  created_at: cases.created_at,
  due_date: claims.due_date,
  total_outstanding: cases.total_outstanding,
  reference_no: claims.reference_no,
} as const;

/**
 * The case list (part 1 §2 /cases, newest first as the spec's select): filters by status, stage,
 * creditor, debtor and free text, sorting, and paging with the total of matching cases. Built
 * for 100 000 cases: the page is one indexed query, the flags of its rows a second.
 */
export function listCases(ctx: OrgScope, query: unknown = {}): CaseListResponse {
  requireScopePermission(ctx, 'cases.read');
  const q = parseInput(caseListQuerySchema, query);
  const orgId = ctx.membership.org_id;
  const conditions: (SQL | undefined)[] = [caseScope(ctx)];
  if (q.status) conditions.push(eq(cases.status, q.status));
  if (q.stage) conditions.push(eq(cases.stage, q.stage));
  if (q.creditor_id) conditions.push(eq(cases.creditor_id, q.creditor_id));
  if (q.party_id) conditions.push(eq(cases.party_id, q.party_id));
  if (q.query) conditions.push(caseSearch(orgId, q.query));
  const where = and(...conditions);
  const direction = q.order === 'asc' ? asc : desc;
  const db = ctx.app.store.db;

  const rows = db
    .select({
      id: cases.id,
      status: cases.status,
      stage: cases.stage,
      reference_no: claims.reference_no,
      due_date: claims.due_date,
      creditor_id: creditors.id,
      creditor_name: creditors.name,
      party_id: parties.id,
      party_name: parties.name,
      party_type: parties.type,
      total_principal: cases.total_principal,
      total_interest: cases.total_interest,
      total_fees: cases.total_fees,
      amount_paid_total: cases.amount_paid_total,
      total_outstanding: cases.total_outstanding,
      ocr_reference: cases.ocr_reference,
      created_at: cases.created_at,
    })
    .from(cases)
    .innerJoin(claims, eq(claims.id, cases.claim_id))
    .innerJoin(creditors, eq(creditors.id, cases.creditor_id))
    .innerJoin(parties, eq(parties.id, cases.party_id))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[q.sort]), direction(cases.id))
    .limit(q.limit)
    .offset(q.offset)
    .all();

  // Joining claims is only needed to count when the filter reads it (the free-text search).
  const counted = db.select({ n: count() }).from(cases);
  const total = (q.query ? counted.innerJoin(claims, eq(claims.id, cases.claim_id)) : counted).where(where).get()?.n ?? 0;

  const openFlags = new Map<string, CaseSummary['open_flags']>();
  if (rows.length > 0) {
    const flagCounts = db
      .select({ case_id: caseFlags.case_id, level: caseFlags.level, n: count() })
      .from(caseFlags)
      .where(and(eq(caseFlags.org_id, orgId), inArray(caseFlags.case_id, rows.map((row) => row.id)), isNull(caseFlags.resolved_at)))
      .groupBy(caseFlags.case_id, caseFlags.level)
      .all();
    for (const { case_id, level, n } of flagCounts) {
      const entry = openFlags.get(case_id) ?? { block: 0, warning: 0, info: 0 };
      entry[level] = n;
      openFlags.set(case_id, entry);
    }
  }

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
      open_flags: openFlags.get(row.id) ?? { block: 0, warning: 0, info: 0 },
      created_at: row.created_at,
    })),
  };
}
