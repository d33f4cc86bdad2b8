import { insertMembership, insertOrganisation, uuidV7, type Db } from '@fordran/store';
import { appendAudit } from '../audit/audit-log';
import { createOnboardingSteps } from '../onboarding/onboarding';
import { provisionOrganisationDefaults } from './organisation-defaults';
import { ensureTemplateLibrary } from '../communications/templates/template-library';
import { ensureDunningPlan } from '../communications/dunning/dunning-plans';

/**
 * The name of the organisation a user gets at sign-up: "<name>s organisation", Swedish genitive
 * (no extra s after s, x or z: "Lars organisation").
 */
export function defaultOrganisationName(fullName: string): string {
  const name = fullName.trim();
  return /[sxz]$/i.test(name) ? `${name} organisation` : `${name}s organisation`;
}

/** Creates an organisation with `adminUserId` as its admin, the onboarding checklist, its default settings, the template library and the default dunning plan. */
export async function createOrganisation(tx: Db, input: { name: string; adminUserId: string; now: string }): Promise<string> {
  const orgId = uuidV7();
  await insertOrganisation(tx, { id: orgId, name: input.name, created_at: input.now, updated_at: input.now });
  await insertMembership(tx, { org_id: orgId, user_id: input.adminUserId, role: 'admin', created_at: input.now });
  await createOnboardingSteps(tx, orgId);
  await provisionOrganisationDefaults(tx, orgId, input.now);
  await ensureTemplateLibrary(tx, orgId, input.now);
  await ensureDunningPlan(tx, orgId, input.now);
  await appendAudit(tx, {
    org_id: orgId,
    actor_id: input.adminUserId,
    event: 'organisation.created',
    entity: 'organisations',
    entity_id: orgId,
    payload: { name: input.name },
    created_at: input.now,
  });
  return orgId;
}
