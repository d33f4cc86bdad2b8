import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { cases, claims, type CaseRow, type DbOrTx } from '@fordran/store';
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
export function caseScope(ctx: OrgScope): SQL {
  const orgCondition = eq(cases.org_id, ctx.membership.org_id);
  if (ctx.membership.role !== 'client') return orgCondition;
  const creditorId = ctx.membership.creditor_id;
  return and(orgCondition, creditorId ? eq(cases.creditor_id, creditorId) : sql`1 = 0`)!;
}

/**
 * The same scope with the organisation named on the claims (for queries that drive from claims
 * and join cases on `cases.org_id = claims.org_id`); the client's creditor stays on the case.
 */
export function caseScopeOnClaims(ctx: OrgScope): SQL {
  const orgCondition = eq(claims.org_id, ctx.membership.org_id);
  if (ctx.membership.role !== 'client') return orgCondition;
  const creditorId = ctx.membership.creditor_id;
  return and(orgCondition, creditorId ? eq(cases.creditor_id, creditorId) : sql`1 = 0`)!;
}

/** One case in scope, or NOT_FOUND (another organisation's id included). */
export function readCase(db: DbOrTx, ctx: OrgScope, caseId: string): CaseRow {
  const id = parseInput(idSchema, caseId);
  const row = db
    .select()
    .from(cases)
    .where(and(caseScope(ctx), eq(cases.id, id)))
    .get();
  if (!row) throw caseNotFound();
  return row;
}
