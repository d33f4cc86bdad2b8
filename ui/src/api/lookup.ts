// Company / person look-up in the register (the spec's tic-search; API contract issue 4).
import { useCallback } from 'react';
import { api } from '../lib/api-client';
import { useCurrentOrgId } from '../lib/auth';
import { NO_ORGANISATION } from './org-writes';
import type { LookupResponse, LookupResult } from '@fordran/services';

export type { LookupResponse, LookupResult };
export type LookupKind = LookupResponse['searchType'];
export type LookupAddress = NonNullable<LookupResult['address']>;

/**
 * What the server will search for (spec part 1 §5): exactly 10 digits once spaces and one hyphen
 * are removed is a company, anything else a person. The same rule as core `classifyPartySearch`,
 * repeated here because the UI reaches core over HTTP only; used to tell the user beforehand.
 */
export function classifyLookupQuery(query: string): LookupKind {
  const compact = query.replace(/\s+/g, '').replace('-', '');
  return /^\d{10}$/.test(compact) ? 'company' : 'person';
}

export function lookupKey(orgId: string): string {
  return `/orgs/${orgId}/lookup`;
}

/** `kind` forces the register (the creditor dialog searches companies only). */
export function fetchLookup(orgId: string, query: string, kind?: LookupKind): Promise<LookupResponse> {
  const params = new URLSearchParams({ query });
  if (kind) params.set('type', kind);
  return api.get<LookupResponse>(`${lookupKey(orgId)}?${params.toString()}`);
}

/**
 * A look-up in the current organisation. Not cached: each press of 'Sök' asks the register.
 * No hit resolves with `results: []`; a failure rejects with the ApiError (LOOKUP_FAILED).
 */
export function useLookup(): (query: string, kind?: LookupKind) => Promise<LookupResponse> {
  const orgId = useCurrentOrgId();
  return useCallback(
    (query: string, kind?: LookupKind) => {
      if (!orgId) return Promise.reject(new Error(NO_ORGANISATION));
      return fetchLookup(orgId, query, kind);
    },
    [orgId],
  );
}
