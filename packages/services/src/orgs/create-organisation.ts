import { organisations, userOrgRoles, type DbOrTx } from '@fordran/store';
import { appendAudit } from '../audit/audit-log';
import { createOnboardingSteps } from '../onboarding/onboarding';
import { provisionOrganisationDefaults } from './organisation-defaults';

/**
 * The name of the organisation a user gets at sign-up: "<name>s organisation", Swedish genitive
 * (no extra s after s, x or z: "Lars organisation").
 */
export function defaultOrganisationName(fullName: string): string {
  const name = fullName.trim();
  return /[sxz]$/i.test(name) ? `${name} organisation` : `${name}s organisation`;
}

/** Creates an organisation with `adminUserId` as its admin, the onboarding checklist and its default settings. */
export function createOrganisation(tx: DbOrTx, input: { name: string; adminUserId: string; now: string }): string {
  const orgId = crypto.randomUUID();
  tx.insert(organisations).values({ id: orgId, name: input.name, created_at: input.now, updated_at: input.now }).run();
  tx.insert(userOrgRoles).values({ org_id: orgId, user_id: input.adminUserId, role: 'admin', created_at: input.now }).run();
  createOnboardingSteps(tx, orgId);
  provisionOrganisationDefaults(tx, orgId, input.now);
  appendAudit(tx, {
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
