import { DomainError, classifyPartySearch } from '@fordran/core';
import { roleCan } from '../access/roles';
import type { OrgScope } from '../access/operator';
import { parseInput } from '../schemas/zod-setup';
import { LOOKUP_COMPANY_QUERY_REQUIRED, LOOKUP_QUERY_REQUIRED, lookupQuerySchema, type LookupQuery, type LookupResponse } from '../schemas/directory';
import { createFileRegisterProvider, lookupFailed, type CompanyRegisterProvider } from './company-register';

function registerOf(ctx: OrgScope): CompanyRegisterProvider {
  return ctx.app.providers?.companyRegister ?? createFileRegisterProvider({ today: () => ctx.app.clock.today() });
}

/**
 * Company / person look-up for the create dialogs (part 1 §5, §7 tic-search): exactly 10 digits
 * (spaces and one hyphen removed) searches companies, anything else persons — unless `type`
 * forces one (the creditor dialog searches companies). Register data is personal data, so only
 * those who may create creditors or parties may search it.
 */
export async function lookupRegister(ctx: OrgScope, input: LookupQuery): Promise<LookupResponse> {
  const role = ctx.membership.role;
  if (!roleCan(role, 'creditors.write') && !roleCan(role, 'parties.write')) {
    throw new DomainError('FORBIDDEN', undefined, { role, permission: 'creditors.write' });
  }
  const parsed = parseInput(lookupQuerySchema, input);
  const query = (parsed.query ?? '').trim();
  if (!query) throw new DomainError('VALIDATION_FAILED', parsed.type === 'company' ? LOOKUP_COMPANY_QUERY_REQUIRED : LOOKUP_QUERY_REQUIRED);
  const searchType = parsed.type ?? classifyPartySearch(query);
  let results;
  try {
    results = await registerOf(ctx).lookup(query, searchType);
  } catch {
    throw lookupFailed();
  }
  return { searchType, results };
}
