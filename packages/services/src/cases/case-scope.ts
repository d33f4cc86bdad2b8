import { DomainError } from '@fordran/core';
import { findCaseRow, type CaseRow, type CaseScope, type Db } from '@fordran/store';
import type { OrgScope } from '../access/operator';
import { parseInput } from '../schemas/zod-setup';
import { idSchema } from '../schemas/common';

/** 'Ärende hittades inte' (part 1 §2, the case detail's not-found state). */
export const CASE_NOT_FOUND_MESSAGE = 'Ärende hittades inte';

export function caseNotFound(): DomainError {
  return new DomainError('NOT_FOUND', CASE_NOT_FOUND_MESSAGE);
}

/**
 * The cases the request may see: the organisation's, and for a `client` member only those of
 * the creditor its membership names (docs/roles.md) — a client without one sees none.
 */
export function caseScopeOf(ctx: OrgScope): CaseScope {
  const orgId = ctx.membership.org_id;
  return ctx.membership.role === 'client' ? { orgId, client: { creditorId: ctx.membership.creditor_id ?? null } } : { orgId };
}

/** One case in scope, or NOT_FOUND (another organisation's id included). */
export async function readCase(db: Db, ctx: OrgScope, caseId: string): Promise<CaseRow> {
  const row = await findCaseRow(db, caseScopeOf(ctx), parseInput(idSchema, caseId));
  if (!row) throw caseNotFound();
  return row;
}
