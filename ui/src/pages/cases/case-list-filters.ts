// The filters of /cases live in the query string (?q=&status=&stage=&creditor=&party=&segment=
// &handler=&flagged=&sort=&order=&page=) so that a reload, a shared link, a dashboard tile, a
// notification or the back button from a case shows the same list; a debtor's and a creditor's
// page link here with theirs ('Visa alla ärenden'). Unknown or malformed values fall back to the
// defaults instead of reaching the API.
import {
  CASE_SEGMENTS,
  CASE_SORTS,
  CASE_STAGES,
  CASE_STATUSES,
  type CaseListParams,
  type CaseSegment,
  type CaseSort,
  type CaseStage,
  type CaseStatus,
} from '../../api/case-types';
import type { SortOrder } from '../../api/list';

export interface CaseListFilters {
  query: string;
  status: CaseStatus | null;
  stage: CaseStage | null;
  creditorId: string | null;
  /** The chosen creditor's name, kept beside the id so the filter can show it after a reload. */
  creditorName: string | null;
  /** The debtor (party) whose cases are listed, and its name for the filter's label. */
  partyId: string | null;
  partyName: string | null;
  /** A dashboard figure's cases ('Försenade', …). */
  segment: CaseSegment | null;
  /** A member's cases: 'me' (the signed-in user: 'Mina ärenden') or a user id. */
  handler: string | null;
  /** Only cases with an unresolved rule flag. */
  flagged: boolean;
  sort: CaseSort;
  order: SortOrder;
  /** 1-based. */
  page: number;
}

export const DEFAULT_CASE_LIST_FILTERS: CaseListFilters = {
  query: '',
  status: null,
  stage: null,
  creditorId: null,
  creditorName: null,
  partyId: null,
  partyName: null,
  segment: null,
  handler: null,
  flagged: false,
  sort: 'created_at',
  order: 'desc',
  page: 1,
};

/** The longest search text the API accepts. */
const MAX_QUERY_LENGTH = 100;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

function nonEmpty(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Reads the filters from a query string ("?q=acme&page=2" or URLSearchParams). */
export function parseCaseListFilters(search: string | URLSearchParams): CaseListFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number(params.get('page'));
  const creditorId = nonEmpty(params.get('creditor'));
  const partyId = nonEmpty(params.get('party'));
  return {
    query: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
    status: oneOf(CASE_STATUSES, params.get('status')),
    stage: oneOf(CASE_STAGES, params.get('stage')),
    creditorId,
    creditorName: creditorId ? nonEmpty(params.get('creditor_name')) : null,
    partyId,
    partyName: partyId ? nonEmpty(params.get('party_name')) : null,
    segment: oneOf(CASE_SEGMENTS, params.get('segment')),
    handler: nonEmpty(params.get('handler')),
    flagged: params.get('flagged') === 'true',
    sort: oneOf(CASE_SORTS, params.get('sort')) ?? DEFAULT_CASE_LIST_FILTERS.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_CASE_LIST_FILTERS.order,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

/** The query string of the filters (without "?"); defaults are left out, so no filters give "". */
export function caseListSearch(filters: CaseListFilters): string {
  const params = new URLSearchParams();
  if (filters.query) params.set('q', filters.query);
  if (filters.status) params.set('status', filters.status);
  if (filters.stage) params.set('stage', filters.stage);
  if (filters.creditorId) {
    params.set('creditor', filters.creditorId);
    if (filters.creditorName) params.set('creditor_name', filters.creditorName);
  }
  if (filters.partyId) {
    params.set('party', filters.partyId);
    if (filters.partyName) params.set('party_name', filters.partyName);
  }
  if (filters.segment) params.set('segment', filters.segment);
  if (filters.handler) params.set('handler', filters.handler);
  if (filters.flagged) params.set('flagged', 'true');
  if (filters.sort !== DEFAULT_CASE_LIST_FILTERS.sort || filters.order !== DEFAULT_CASE_LIST_FILTERS.order) {
    params.set('sort', filters.sort);
    params.set('order', filters.order);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/**
 * The filters after a change: any change other than the page itself goes back to page 1, since
 * the old page number means nothing in a different result.
 */
export function withCaseListChange(filters: CaseListFilters, change: Partial<CaseListFilters>): CaseListFilters {
  const next = { ...filters, ...change };
  if (change.page === undefined) next.page = 1;
  if (!next.creditorId) next.creditorName = null;
  if (!next.partyId) next.partyName = null;
  return next;
}

/** True when anything narrows the list (the sort order does not). */
export function hasCaseListFilters(filters: CaseListFilters): boolean {
  return Boolean(
    filters.query || filters.status || filters.stage || filters.creditorId || filters.partyId || filters.segment || filters.handler || filters.flagged,
  );
}

/** The API parameters of one page; `me` is the signed-in user's id, for `handler=me`. */
export function caseListParams(filters: CaseListFilters, pageSize: number, me: string | null = null): CaseListParams {
  const handlerId = filters.handler === 'me' ? me : filters.handler;
  return {
    query: filters.query || undefined,
    status: filters.status ?? undefined,
    stage: filters.stage ?? undefined,
    creditor_id: filters.creditorId ?? undefined,
    party_id: filters.partyId ?? undefined,
    ...(handlerId ? { handler_id: handlerId } : {}),
    ...(filters.flagged ? { flagged: 'true' as const } : {}),
    ...(filters.segment ? { segment: filters.segment } : {}),
    sort: filters.sort,
    order: filters.order,
    limit: pageSize,
    offset: (filters.page - 1) * pageSize,
  };
}

/** The case list of one creditor or one debtor ('Visa alla ärenden' on their pages). */
export function casesOfHref(of: { creditorId: string; creditorName: string } | { partyId: string; partyName: string }): string {
  return `/cases?${caseListSearch({ ...DEFAULT_CASE_LIST_FILTERS, ...of })}`;
}
