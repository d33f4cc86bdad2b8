import { requireScopePermission, type OrgScope } from '../access/operator';
import type { CaseDetail } from '../schemas/cases';
import { loadCaseDetail } from './case-detail';

/** One case with its claim, parties, flags, fees and totals (NOT_FOUND outside the request's scope). */
export async function getCase(ctx: OrgScope, caseId: string): Promise<CaseDetail> {
  requireScopePermission(ctx, 'cases.read');
  return loadCaseDetail(ctx.app.database.db, ctx, caseId);
}
