import { eq } from 'drizzle-orm';
import { DomainError, parseOrganisationsnummer } from '@fordran/core';
import { organisations, type OrganisationRow } from '@fordran/store';
import type { OrgContext } from '../context';
import { requirePermission } from '../access/membership';
import { appendAudit } from '../audit/audit-log';
import { changedFields } from '../audit/changed-fields';
import { parseInput } from '../schemas/zod-setup';
import { organisationUpdateSchema, type OrganisationResponse, type OrganisationUpdateInput } from '../schemas/orgs';
import { checkField } from '../schemas/field-check';

function toResponse(row: OrganisationRow): OrganisationResponse {
  return {
    id: row.id,
    name: row.name,
    org_no: row.org_no,
    address_json: row.address_json ?? null,
    allocation_order: row.allocation_order,
    require_mfa: row.require_mfa,
    settings: row.settings_json ?? {},
  };
}

function readOrganisation(ctx: OrgContext): OrganisationRow {
  const row = ctx.app.store.db.select().from(organisations).where(eq(organisations.id, ctx.membership.org_id)).get();
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** The current organisation (every member may read it). */
export function getOrganisation(ctx: OrgContext): OrganisationResponse {
  requirePermission(ctx, 'org.read');
  return toResponse(readOrganisation(ctx));
}

/**
 * Organisation settings (admin): name, org number (checked and stored as NNNNNN-NNNN), address,
 * payment allocation order and whether members must use a second factor. Requiring MFA is only
 * accepted from an aal2 session, so an admin cannot lock themselves out by switching it on
 * without a factor of their own.
 */
export function updateOrganisation(ctx: OrgContext, input: OrganisationUpdateInput): OrganisationResponse {
  requirePermission(ctx, 'org.settings');
  const changes = parseInput(organisationUpdateSchema, input);
  if (typeof changes.org_no === 'string') {
    const orgNo = changes.org_no;
    changes.org_no = checkField('org_no', () => parseOrganisationsnummer(orgNo).display);
  }
  if (changes.require_mfa === true && ctx.actor.aal !== 'aal2') {
    throw new DomainError('MFA_REQUIRED', 'Aktivera och verifiera tvåstegsverifiering för ditt eget konto innan du kräver det av organisationen');
  }
  const now = ctx.app.clock.now();
  const orgId = ctx.membership.org_id;
  const before = readOrganisation(ctx);
  return ctx.app.store.transaction((tx) => {
    if (Object.keys(changes).length > 0) {
      tx.update(organisations)
        .set({ ...changes, updated_at: now })
        .where(eq(organisations.id, orgId))
        .run();
    }
    const changed = changedFields(before, changes);
    appendAudit(tx, {
      org_id: orgId,
      actor_id: ctx.actor.user_id,
      event: 'organisation.updated',
      entity: 'organisations',
      entity_id: orgId,
      payload: { changed },
      created_at: now,
    });
    const row = tx.select().from(organisations).where(eq(organisations.id, orgId)).get();
    if (!row) throw new DomainError('NOT_FOUND');
    return toResponse(row);
  });
}
