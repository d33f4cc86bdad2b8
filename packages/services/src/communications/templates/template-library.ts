import { extractTemplateVariables, TEMPLATE_LIBRARY_V1 } from '@fordran/core';
import { insertMissingCommTemplateRows, listCommTemplateCodes, listOrganisationIds, type Db } from '@fordran/store';
import type { AppContext } from '../../context';

/**
 * Gives an organisation the Swedish template library v1 (core TEMPLATE_LIBRARY_V1): every
 * library template whose code it does not have yet, active, version 1. A code it already has is
 * left alone, so an organisation's edits are never overwritten. Returns how many were added.
 */
export async function ensureTemplateLibrary(tx: Db, orgId: string, now: string): Promise<number> {
  const existing = await listCommTemplateCodes(tx, orgId);
  const added = await insertMissingCommTemplateRows(
    tx,
    TEMPLATE_LIBRARY_V1.filter((template) => !existing.has(template.code)).map((template) => ({
      org_id: orgId,
      code: template.code,
      name: template.name,
      category: template.category,
      channel: template.channel,
      language: 'sv',
      subject: template.subject,
      body_md: template.body_md,
      variables_json: extractTemplateVariables(template.body_md),
      is_active: true,
      version: 1,
      created_at: now,
      updated_at: now,
    })),
  );
  return added.length;
}

/**
 * The library for every organisation that lacks part of it, run when the app opens: organisations
 * (demo ones included) made before the library existed get it on the next start, without a data
 * migration that would copy the texts into SQL once per engine. New organisations get it when
 * created (createOrganisation). Returns how many templates were added.
 */
export async function ensureTemplateLibraries(app: AppContext): Promise<number> {
  const now = app.clock.now();
  let added = 0;
  for (const orgId of await listOrganisationIds(app.database.db)) {
    added += await app.database.transaction((tx) => ensureTemplateLibrary(tx, orgId, now));
  }
  return added;
}
