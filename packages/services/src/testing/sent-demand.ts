import { LIBRARY_DEMAND_CODES } from '@fordran/core';
import { communications } from '@fordran/store';
import type { AppContext } from '../context';
import { findTemplateForSending } from '../communications/templates/render-case-message';

/**
 * Records that the library's inkassokrav (DEMAND_LETTER, which meets inkassolagen 5 §) went out
 * on the case: what the 180 kr collection fee requires (lag 1981:739 3 § 1). For tests of fees,
 * payments and the ledger that need the fee, not the sending itself.
 */
export async function recordSentDemand(app: AppContext, orgId: string, caseId: string): Promise<void> {
  const template = await findTemplateForSending(app.database.db, orgId, LIBRARY_DEMAND_CODES.letter);
  const now = app.clock.now();
  await app.database.transaction(async (tx) => {
    await tx.insert(communications).values({
      org_id: orgId,
      case_id: caseId,
      channel: 'letter',
      template_id: template.id,
      recipient: 'Gäldenären',
      body_rendered: 'INKASSOKRAV (testfixtur)',
      status: 'sent',
      dedupe_hash: crypto.randomUUID(),
      sent_at: now,
      created_at: now,
    });
  });
}
