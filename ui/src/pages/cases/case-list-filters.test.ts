import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASE_SEGMENTS, CASE_SORTS, CASE_STAGES, CASE_STATUSES } from '../../api/case-types';
import {
  caseListParams,
  caseListSearch,
  casesOfHref,
  DEFAULT_CASE_LIST_FILTERS,
  hasCaseListFilters,
  parseCaseListFilters,
  withCaseListChange,
  type CaseListFilters,
} from './case-list-filters';

describe('parseCaseListFilters', () => {
  it('gives the defaults for an empty query string', () => {
    expect(parseCaseListFilters('')).toEqual(DEFAULT_CASE_LIST_FILTERS);
  });

  it('reads every filter', () => {
    expect(
      parseCaseListFilters(
        '?q=acme&status=active&stage=demand&creditor=c1&creditor_name=Acme+AB&party=p1&party_name=Anna+%C3%85s&sort=due_date&order=asc&page=3',
      ),
    ).toEqual({
      query: 'acme',
      status: 'active',
      stage: 'demand',
      creditorId: 'c1',
      creditorName: 'Acme AB',
      partyId: 'p1',
      partyName: 'Anna Ås',
      segment: null,
      handler: null,
      flagged: false,
      sort: 'due_date',
      order: 'asc',
      page: 3,
    });
  });

  it("reads a dashboard tile's segment, a handler and the flagged switch", () => {
    expect(parseCaseListFilters('?segment=overdue&handler=me&flagged=true')).toMatchObject({ segment: 'overdue', handler: 'me', flagged: true });
    expect(parseCaseListFilters('?segment=everything&flagged=yes')).toMatchObject({ segment: null, flagged: false });
  });

  it('falls back to the defaults for unknown or malformed values', () => {
    expect(parseCaseListFilters('status=paid&stage=x&sort=amount&order=up&page=-2')).toEqual(DEFAULT_CASE_LIST_FILTERS);
    expect(parseCaseListFilters('page=1.5').page).toBe(1);
    expect(parseCaseListFilters('page=abc').page).toBe(1);
  });

  it('ignores a creditor or debtor name without its id', () => {
    expect(parseCaseListFilters('creditor_name=Acme').creditorName).toBeNull();
    expect(parseCaseListFilters('party_name=Anna').partyName).toBeNull();
  });

  it('cuts the search text at the 100 characters the API accepts', () => {
    expect(parseCaseListFilters(`q=${'a'.repeat(150)}`).query).toHaveLength(100);
  });
});

describe('caseListSearch', () => {
  it('is empty for the defaults', () => {
    expect(caseListSearch(DEFAULT_CASE_LIST_FILTERS)).toBe('');
  });

  it('keeps sort and order together once either differs from the default', () => {
    expect(caseListSearch({ ...DEFAULT_CASE_LIST_FILTERS, order: 'asc' })).toBe('sort=created_at&order=asc');
  });
});

const filtersArb: fc.Arbitrary<CaseListFilters> = fc
  .record({
    query: fc.string({ maxLength: 100 }).map((text) => text.trim()),
    status: fc.constantFrom(null, ...CASE_STATUSES),
    stage: fc.constantFrom(null, ...CASE_STAGES),
    creditorId: fc.option(fc.uuid(), { nil: null }),
    creditorName: fc.option(
      fc.string({ minLength: 1, maxLength: 40 }).map((name) => name.trim() || 'A'),
      { nil: null },
    ),
    partyId: fc.option(fc.uuid(), { nil: null }),
    partyName: fc.option(
      fc.string({ minLength: 1, maxLength: 40 }).map((name) => name.trim() || 'A'),
      { nil: null },
    ),
    segment: fc.constantFrom(null, ...CASE_SEGMENTS),
    handler: fc.constantFrom(null, 'me', '3f1c2a4e-0000-4000-8000-000000000001'),
    flagged: fc.boolean(),
    sort: fc.constantFrom(...CASE_SORTS),
    order: fc.constantFrom('asc' as const, 'desc' as const),
    page: fc.integer({ min: 1, max: 10_000 }),
  })
  .map((filters) => ({
    ...filters,
    creditorName: filters.creditorId ? filters.creditorName : null,
    partyName: filters.partyId ? filters.partyName : null,
  }));

describe('URL round trip', () => {
  it('parsing the query string of any filters gives the same filters back', () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        expect(parseCaseListFilters(caseListSearch(filters))).toEqual(filters);
      }),
    );
  });
});

describe('withCaseListChange', () => {
  const onPage4: CaseListFilters = { ...DEFAULT_CASE_LIST_FILTERS, page: 4, creditorId: 'c1', creditorName: 'Acme AB' };

  it('goes back to page 1 when a filter changes', () => {
    expect(withCaseListChange(onPage4, { status: 'active' })).toMatchObject({ status: 'active', page: 1 });
  });

  it('keeps the filters when only the page changes', () => {
    expect(withCaseListChange(onPage4, { page: 5 })).toEqual({ ...onPage4, page: 5 });
  });

  it('drops the creditor name with the creditor, and the debtor name with the debtor', () => {
    expect(withCaseListChange(onPage4, { creditorId: null })).toMatchObject({ creditorId: null, creditorName: null });
    expect(withCaseListChange({ ...onPage4, partyId: 'p1', partyName: 'Anna' }, { partyId: null })).toMatchObject({
      partyId: null,
      partyName: null,
      creditorId: 'c1',
    });
  });
});

describe('hasCaseListFilters and caseListParams', () => {
  it('does not count the sort order as a filter', () => {
    expect(hasCaseListFilters({ ...DEFAULT_CASE_LIST_FILTERS, sort: 'due_date' })).toBe(false);
    expect(hasCaseListFilters({ ...DEFAULT_CASE_LIST_FILTERS, stage: 'kfm' })).toBe(true);
    expect(hasCaseListFilters({ ...DEFAULT_CASE_LIST_FILTERS, partyId: 'p1' })).toBe(true);
  });

  it("asks for the signed-in user's cases for handler=me", () => {
    expect(caseListParams({ ...DEFAULT_CASE_LIST_FILTERS, handler: 'me', flagged: true }, 50, 'user-1')).toMatchObject({
      handler_id: 'user-1',
      flagged: 'true',
    });
    expect(caseListParams({ ...DEFAULT_CASE_LIST_FILTERS, segment: 'in_work' }, 50)).toMatchObject({ segment: 'in_work' });
    expect(hasCaseListFilters({ ...DEFAULT_CASE_LIST_FILTERS, segment: 'unpaid' })).toBe(true);
  });

  it('turns the page into an offset and leaves out empty filters', () => {
    expect(caseListParams({ ...DEFAULT_CASE_LIST_FILTERS, page: 3, creditorId: 'c1', partyId: 'p1' }, 50)).toEqual({
      query: undefined,
      status: undefined,
      stage: undefined,
      creditor_id: 'c1',
      party_id: 'p1',
      sort: 'created_at',
      order: 'desc',
      limit: 50,
      offset: 100,
    });
  });
});

describe('casesOfHref', () => {
  it('links to the case list filtered by a debtor or a creditor, named so the filter can show who', () => {
    expect(casesOfHref({ partyId: 'p1', partyName: 'Anna Åberg' })).toBe('/cases?party=p1&party_name=Anna+%C3%85berg');
    expect(parseCaseListFilters(casesOfHref({ creditorId: 'c1', creditorName: 'Acme AB' }).split('?')[1]!)).toEqual({
      ...DEFAULT_CASE_LIST_FILTERS,
      creditorId: 'c1',
      creditorName: 'Acme AB',
    });
  });
});
