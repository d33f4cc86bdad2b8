import { checkDemandPaymentDays, checkSendHours, DomainError, parseOrganisationsnummer, type SendHours } from '@fordran/core';
import { findOrganisationRow, updateOrganisationRow, type OrganisationRow } from '@fordran/store';
import type { OrgContext } from '../context';
import { requirePermission } from '../access/membership';
import { appendAudit } from '../audit/audit-log';
import { changedFields } from '../audit/changed-fields';
import { parseInput } from '../schemas/zod-setup';
import { organisationUpdateSchema, type OrganisationResponse, type OrganisationUpdateInput } from '../schemas/orgs';
import { checkField } from '../schemas/field-check';
import { SEND_HOURS_SETTING } from '../communications/sending/send-hours';
import { DEMAND_PAYMENT_DAYS_SETTING } from '../communications/templates/render-case-message';

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

/** The settings with the organisation's sending hours set (checked), or removed for the default (null). */
function withSendHours(settings: OrganisationSettings, hours: SendHours | null): OrganisationSettings {
  const { [SEND_HOURS_SETTING]: _previous, ...rest } = settings;
  return hours === null ? rest : { ...rest, [SEND_HOURS_SETTING]: checkSendHours(hours) };
}

type OrganisationSettings = NonNullable<OrganisationRow['settings_json']>;

/** The settings whose value differs, each with its new value (null once removed). */
function changedSettings(before: OrganisationSettings, after: OrganisationSettings): Record<string, unknown> {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const differs = (key: string) => JSON.stringify(before[key as keyof OrganisationSettings]) !== JSON.stringify(after[key as keyof OrganisationSettings]);
  return Object.fromEntries(keys.filter(differs).map((key) => [key, after[key as keyof OrganisationSettings] ?? null]));
}

async function readOrganisation(ctx: OrgContext): Promise<OrganisationRow> {
  const row = await findOrganisationRow(ctx.app.database.db, ctx.membership.org_id);
  if (!row) throw new DomainError('NOT_FOUND');
  return row;
}

/** The current organisation (every member may read it). */
export async function getOrganisation(ctx: OrgContext): Promise<OrganisationResponse> {
  requirePermission(ctx, 'org.read');
  return toResponse(await readOrganisation(ctx));
}

/**
 * Organisation settings (admin): name, org number (checked and stored as NNNNNN-NNNN), address,
 * payment allocation order, whether members must use a second factor, the hours SMS and e-mail
 * may be delivered (`send_hours`) and the payment time of an inkassokrav (at least 8 days, god
 * inkassosed), both in settings_json. Requiring MFA is only
 * accepted from an aal2 session, so an admin cannot lock themselves out by switching it on
 * without a factor of their own.
 */
export async function updateOrganisation(ctx: OrgContext, input: OrganisationUpdateInput): Promise<OrganisationResponse> {
  requirePermission(ctx, 'org.settings');
  const { demand_payment_days, send_hours: sendHours, ...changes } = parseInput(organisationUpdateSchema, input);
  if (typeof changes.org_no === 'string') {
    const orgNo = changes.org_no;
    changes.org_no = checkField('org_no', () => parseOrganisationsnummer(orgNo).display);
  }
  if (changes.require_mfa === true && ctx.actor.aal !== 'aal2') {
    throw new DomainError('MFA_REQUIRED', 'Aktivera och verifiera tvåstegsverifiering för ditt eget konto innan du kräver det av organisationen');
  }
  const now = ctx.app.clock.now();
  const orgId = ctx.membership.org_id;
  const before = await readOrganisation(ctx);
  // Checked by core (VALIDATION_FAILED naming the field) before anything is written.
  let settings = before.settings_json ?? {};
  if (sendHours !== undefined) settings = withSendHours(settings, sendHours);
  if (demand_payment_days !== undefined) {
    settings = { ...settings, [DEMAND_PAYMENT_DAYS_SETTING]: checkField('demand_payment_days', () => checkDemandPaymentDays(demand_payment_days)) };
  }
  const write = { ...changes, ...(sendHours !== undefined || demand_payment_days !== undefined ? { settings_json: settings } : {}) };
  return ctx.app.database.transaction(async (tx) => {
    // Without changes the row is only read back (updated_at stays).
    const row = Object.keys(write).length > 0 ? await updateOrganisationRow(tx, orgId, { ...write, updated_at: now }) : await findOrganisationRow(tx, orgId);
    if (!row) throw new DomainError('NOT_FOUND');
    // Each setting is named by its own key (settings_json holds several).
    const { settings_json: newSettings, ...changedColumns } = changedFields(before, write);
    const changed = newSettings ? { ...changedColumns, ...changedSettings(before.settings_json ?? {}, newSettings) } : changedColumns;
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: ctx.actor.user_id,
      event: 'organisation.updated',
      entity: 'organisations',
      entity_id: orgId,
      payload: { changed },
      created_at: now,
    });
    return toResponse(row);
  });
}
