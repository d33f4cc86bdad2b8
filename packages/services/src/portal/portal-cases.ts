import { oreToDecimal } from '@fordran/core';
import { listPortalCaseRows } from '@fordran/store';
import type { PortalCasesResponse } from '../schemas/portal';
import type { PortalSession } from './portal-session';

/**
 * GET /api/portal/cases: the cards of 'Mina ärenden' (spec part 2 §2) — the open cases of the
 * session's party in the session's organisation, and nothing of anyone else's.
 */
export async function listPortalCases(session: PortalSession): Promise<PortalCasesResponse> {
  const rows = await listPortalCaseRows(session.app.database.db, session.org_id, session.party_id);
  return {
    items: rows.map((row) => ({
      id: row.id,
      status: row.status,
      stage: row.stage,
      creditor_name: row.creditor_name,
      reference: row.reference_no,
      due_date: row.due_date,
      total_principal: oreToDecimal(row.total_principal),
      total_interest: oreToDecimal(row.total_interest),
      total_fees: oreToDecimal(row.total_fees),
      total_outstanding: oreToDecimal(row.total_outstanding),
      created_at: row.created_at,
    })),
  };
}
