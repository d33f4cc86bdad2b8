import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DomainError, isOrganisationsnummer, parseOrganisationsnummer, parsePersonnummer, type PartySearchKind } from '@fordran/core';
import { z } from '../schemas/zod-setup';
import { lookupResultSchema, type LookupResult } from '../schemas/directory';

/**
 * A company and person register (the spec's tic-search). `lookup` resolves with the hits (an
 * empty list when there is none) and rejects when the register cannot be asked; the use case
 * turns a rejection into LOOKUP_FAILED ('Kunde inte söka').
 */
export interface CompanyRegisterProvider {
  lookup(query: string, searchType: PartySearchKind): Promise<LookupResult[]>;
}

/**
 * The fictional company and person register shipped with the services
 * (`packages/services/registers/register.json`, `{companies: [...], persons: [...]}` in the
 * look-up result shape): valid numbers that belong to no one, so look-ups work offline and in tests.
 */
export const FICTIONAL_REGISTER_PATH = fileURLToPath(new URL('../../registers/register.json', import.meta.url));

/** At most this many hits per search: the dialog pre-fills from the first. */
export const LOOKUP_MAX_RESULTS = 10;

const registerFileSchema = z.object({
  companies: z.array(lookupResultSchema),
  persons: z.array(lookupResultSchema),
});
type RegisterFile = z.infer<typeof registerFileSchema>;

function digitsOf(value: string | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/**
 * Searches a register held in memory: companies by organisationsnummer (any accepted form);
 * persons by personnummer (10 or 12 digits, `-`/`+`) or else by a part of the name.
 */
export function searchRegister(register: RegisterFile, query: string, searchType: PartySearchKind, today: string): LookupResult[] {
  const text = query.trim();
  if (searchType === 'company') {
    if (!isOrganisationsnummer(text)) return [];
    const wanted = parseOrganisationsnummer(text).normalized;
    return register.companies.filter((c) => digitsOf(c.organizationNumber) === wanted).slice(0, LOOKUP_MAX_RESULTS);
  }
  if (/^[\d\s+-]+$/.test(text)) {
    let wanted: string;
    try {
      wanted = parsePersonnummer(text, today).normalized;
    } catch {
      return [];
    }
    return register.persons.filter((p) => digitsOf(p.personalNumber) === wanted).slice(0, LOOKUP_MAX_RESULTS);
  }
  const needle = text.toLocaleLowerCase('sv-SE');
  if (needle.length < 2) return [];
  return register.persons.filter((p) => p.name.toLocaleLowerCase('sv-SE').includes(needle)).slice(0, LOOKUP_MAX_RESULTS);
}

/**
 * The offline default: the fictional register (`FICTIONAL_REGISTER_PATH`) or another file of the
 * same shape, read once on first use.
 * @example const provider = createFileRegisterProvider({ today: () => clock.today() });
 */
export function createFileRegisterProvider(options: { today: () => string; path?: string }): CompanyRegisterProvider {
  let register: RegisterFile | null = null;
  return {
    lookup(query, searchType) {
      try {
        register ??= registerFileSchema.parse(JSON.parse(readFileSync(options.path ?? FICTIONAL_REGISTER_PATH, 'utf8')));
        return Promise.resolve(searchRegister(register, query, searchType, options.today()));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

const httpAnswerSchema = z.union([z.array(lookupResultSchema), z.object({ results: z.array(lookupResultSchema) })]);

/**
 * A real register over HTTP (`FORDRAN_REGISTER_URL`): `GET <url>?searchType=company|person&query=…`
 * answering 200 with the look-up result list, either bare or as `{results: [...]}` (the shape of
 * Fordran's own /lookup). Anything else — network error, non-200, other JSON, more than
 * `timeoutMs` — rejects.
 */
export function createHttpRegisterProvider(options: { url: string; timeoutMs?: number; fetch?: typeof fetch }): CompanyRegisterProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    async lookup(query, searchType) {
      const url = new URL(options.url);
      url.searchParams.set('searchType', searchType);
      url.searchParams.set('query', query);
      const response = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
      if (!response.ok) throw new Error(`register answered ${response.status}`);
      const answer = httpAnswerSchema.parse(await response.json());
      return (Array.isArray(answer) ? answer : answer.results).slice(0, LOOKUP_MAX_RESULTS);
    },
  };
}

/** HTTP when a URL is configured, else the file register. */
export function createDefaultRegisterProvider(options: { today: () => string; url?: string | null }): CompanyRegisterProvider {
  return options.url ? createHttpRegisterProvider({ url: options.url }) : createFileRegisterProvider({ today: options.today });
}

/**
 * A provider failure as LOOKUP_FAILED ('Kunde inte söka'). The cause (which may name the
 * register's address) is not passed on to the client.
 */
export function lookupFailed(): DomainError {
  return new DomainError('LOOKUP_FAILED');
}
