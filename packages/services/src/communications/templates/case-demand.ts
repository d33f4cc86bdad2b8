import { hasSentCompliantDemand, templateBodyAt } from '@fordran/core';
import { listCaseMessageTemplates, listCommTemplateVersionRows, type Db } from '@fordran/store';

/**
 * Whether a compliant inkassokrav has gone out on the case (what the 180 kr fee requires, core
 * `hasSentCompliantDemand`): each message is judged by the template text it was rendered from,
 * the version in force when it was made, not the template's text today.
 */
export async function caseHasSentDemand(db: Db, orgId: string, caseId: string): Promise<boolean> {
  const messages = await listCaseMessageTemplates(db, orgId, caseId);
  if (messages.length === 0) return false;
  const templateIds = [...new Set(messages.flatMap((message) => (message.template_id ? [message.template_id] : [])))];
  const versions = await listCommTemplateVersionRows(db, orgId, templateIds);
  return hasSentCompliantDemand(
    messages.map((message) => ({
      status: message.status,
      category: message.category,
      template_body:
        message.body_md === null
          ? null
          : templateBodyAt(
              message.body_md,
              versions.filter((version) => version.template_id === message.template_id),
              message.created_at,
            ),
    })),
  );
}
