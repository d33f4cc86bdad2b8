import { and, asc, count, desc, eq, gt, gte, inArray, lt, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  isOrganisationsnummer,
  isPersonnummer,
  ore,
  parseOrganisationsnummer,
  parsePersonnummer,
  type CaseSegment,
  type CaseSort,
  type IsoDate,
} from '@fordran/core';
import type { Db } from '../database';
import { caseFlags, cases, claims, creditors, parties } from '../schema';
import type { CaseRow } from '../types';
import { caseScopeCondition, caseScopeOnClaimsCondition, type CaseScope } from './cases';
import { realCaseCondition } from './template-qa';
import { textSearchCondition } from './text-search';

/** The Swedish calendar day the segments are counted on: its date and its instants [start, end). */
export interface CaseDay {
  date: IsoDate;
  start: string;
  end: string;
}

/**
 * The cases behind each dashboard figure, as one condition on `cases` that the dashboard counts
 * with and the case list filters by — so a tile's figure and the list it links to always agree.
 */
export function caseSegmentCondition(segment: CaseSegment, orgId: string, day: CaseDay): SQL {
  const open = ne(cases.status, 'closed');
  switch (segment) {
    case 'in_work':
      return inArray(cases.status, ['active', 'on_hold']);
    case 'unpaid':
      return open;
    case 'new_today':
      return and(gte(cases.created_at, day.start), lt(cases.created_at, day.end))!;
    case 'overdue':
      // The due date is the claim's: a subquery on the claims index keeps this a filter of `cases`.
      return and(
        open,
        gt(cases.total_outstanding, ore(0)),
        sql`${cases.claim_id} IN (SELECT ${claims.id} FROM ${claims} WHERE ${claims.org_id} = ${orgId} AND ${claims.due_date} < ${day.date})`,
      )!;
  }
}

/** Cases with an unresolved rule flag. */
function flaggedCaseCondition(orgId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM ${caseFlags} WHERE ${caseFlags.org_id} = ${orgId} AND ${caseFlags.case_id} = ${cases.id} AND ${caseFlags.resolved_at} IS NULL)`;
}

const MESSAGE_REFERENCE = /^[0-9a-f]{8}$/i;

/**
 * Free-text search of the case list: the claim reference, the creditor's or debtor's name, a
 * whole organisationsnummer or personnummer, the OCR reference, or the 8-character message
 * reference a debtor writes on a payment. Each is looked up in its own (smaller) table or index
 * and the case ids united, so the search never tests every case (100 000 cases: well under a
 * second even for a common name).
 */
function caseSearchCondition(orgId: string, query: string, today: IsoDate): SQL {
  const casesOf = (column: SQLWrapper, ids: SQL) => sql`SELECT ${cases.id} FROM ${cases} WHERE ${cases.org_id} = ${orgId} AND ${column} IN (${ids})`;
  const creditorMatch: SQL[] = [textSearchCondition(query, [creditors.name], [])];
  const partyMatch: SQL[] = [textSearchCondition(query, [parties.name], [])];
  // Identifiers match whole, on their stored forms and their indexes.
  if (isOrganisationsnummer(query)) {
    const orgNo = parseOrganisationsnummer(query).display;
    creditorMatch.push(eq(creditors.org_no, orgNo));
    partyMatch.push(eq(parties.org_no, orgNo));
  }
  if (isPersonnummer(query, today)) partyMatch.push(eq(parties.national_id, parsePersonnummer(query, today).normalized));
  const lookups: SQL[] = [
    sql`SELECT ${cases.id} FROM ${cases} WHERE ${cases.claim_id} IN (SELECT ${claims.id} FROM ${claims} WHERE ${claims.org_id} = ${orgId} AND ${textSearchCondition(query, [claims.reference_no], [])})`,
    casesOf(cases.creditor_id, sql`SELECT ${creditors.id} FROM ${creditors} WHERE ${creditors.org_id} = ${orgId} AND ${or(...creditorMatch)}`),
    casesOf(cases.party_id, sql`SELECT ${parties.id} FROM ${parties} WHERE ${parties.org_id} = ${orgId} AND ${or(...partyMatch)}`),
  ];
  const digits = query.replace(/\s/g, '');
  if (/^\d{2,25}$/.test(digits)) lookups.push(sql`SELECT ${cases.id} FROM ${cases} WHERE ${cases.org_id} = ${orgId} AND ${cases.ocr_reference} = ${digits}`);
  if (MESSAGE_REFERENCE.test(query)) {
    // Ids are lower-case uuids: the prefix is a range of the primary key ('g' follows 'f').
    const prefix = query.toLowerCase();
    lookups.push(sql`SELECT ${cases.id} FROM ${cases} WHERE ${cases.id} >= ${prefix} AND ${cases.id} < ${`${prefix}g`}`);
  }
  return sql`${cases.id} IN (${sql.join(lookups, sql` UNION `)})`;
}

/** The case list's filters; `day` is today in Sweden (segments, personnummer). */
export interface CaseListFilter {
  scope: CaseScope;
  day: CaseDay;
  status?: CaseRow['status'];
  stage?: CaseRow['stage'];
  creditorId?: string;
  partyId?: string;
  handlerId?: string;
  flagged?: boolean;
  segment?: CaseSegment;
  query?: string;
}

/** The filters proper as conditions on `cases` (the scope not included). */
function caseFilterConditions(filter: CaseListFilter): (SQL | undefined)[] {
  const orgId = filter.scope.orgId;
  return [
    realCaseCondition(),
    filter.status ? eq(cases.status, filter.status) : undefined,
    filter.stage ? eq(cases.stage, filter.stage) : undefined,
    filter.creditorId ? eq(cases.creditor_id, filter.creditorId) : undefined,
    filter.partyId ? eq(cases.party_id, filter.partyId) : undefined,
    filter.handlerId ? eq(cases.handler_id, filter.handlerId) : undefined,
    filter.flagged ? flaggedCaseCondition(orgId) : undefined,
    filter.segment ? caseSegmentCondition(filter.segment, orgId, filter.day) : undefined,
    filter.query ? caseSearchCondition(orgId, filter.query, filter.day.date) : undefined,
  ];
}

/** Sorts on a claim column: the query then walks the claims index in order and reads one page. */
const CLAIM_SORTS = new Set<CaseSort>(['due_date', 'reference_no']);

const SORT_COLUMNS = {
  created_at: cases.created_at,
  due_date: claims.due_date,
  total_outstanding: cases.total_outstanding,
  reference_no: claims.reference_no,
} as const;

export interface CaseListPage {
  sort: CaseSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * One page of the case list with the claim, creditor and debtor of each case; ties by case id.
 * Sorted by a claim column the organisation is named on the claims (and the join keeps cases in
 * it), so the planner walks the claims index in order instead of sorting every case.
 */
export function listCaseSummaryRows(db: Db, filter: CaseListFilter, page: CaseListPage) {
  const scope = CLAIM_SORTS.has(page.sort) ? caseScopeOnClaimsCondition(filter.scope) : caseScopeCondition(filter.scope);
  const direction = page.order === 'asc' ? asc : desc;
  return db
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
    .from(claims)
    .innerJoin(cases, and(eq(cases.claim_id, claims.id), eq(cases.org_id, claims.org_id)))
    .innerJoin(creditors, eq(creditors.id, cases.creditor_id))
    .innerJoin(parties, eq(parties.id, cases.party_id))
    .where(and(scope, ...caseFilterConditions(filter)))
    .orderBy(direction(SORT_COLUMNS[page.sort]), direction(cases.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many cases the filters match (the list's total). */
export async function countCaseSummaryRows(db: Db, filter: CaseListFilter): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(cases)
        .where(and(caseScopeCondition(filter.scope), ...caseFilterConditions(filter)))
    )[0]?.n ?? 0
  );
}
