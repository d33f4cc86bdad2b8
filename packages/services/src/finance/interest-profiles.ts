import {
  assertInterestProfile,
  compareIsoDates,
  DomainError,
  formatInterestProfileRate,
  isDomainError,
  isInterestProfileValidOn,
  type InterestProfile,
} from '@fordran/core';
import {
  findDefaultInterestProfileId,
  findInterestProfileIdByCode,
  findInterestProfileRow,
  insertInterestProfile,
  isInterestProfileInUse,
  listInterestProfileRows,
  setDefaultInterestProfileId,
  updateInterestProfileRow,
  type Db,
  type InterestProfileRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { changedFields } from '../audit/changed-fields';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import {
  defaultInterestProfileSchema,
  interestProfileCreateSchema,
  interestProfileUpdateSchema,
  type DefaultInterestProfileInput,
  type InterestProfileCreateInput,
  type InterestProfileListResponse,
  type InterestProfileResponse,
  type InterestProfileUpdateInput,
} from '../schemas/finance';

/** What decides the interest a case earns (read through core's profile shape); fixed once a case uses the profile. */
const RATE_FIELDS = ['base', 'margin_bp', 'fixed_rate_pa'] as const;

function asProfile(row: Pick<InterestProfileRow, 'code' | 'base' | 'margin_bp' | 'fixed_rate_pa' | 'valid_from' | 'valid_to'>): InterestProfile {
  return {
    code: row.code,
    base: row.base,
    margin_bp: row.base === 'REFERENCE_RATE' ? row.margin_bp : null,
    fixed_rate_pa: row.base === 'fixed' ? (row.fixed_rate_pa ?? null) : null,
    valid_from: row.valid_from ?? null,
    valid_to: row.valid_to ?? null,
  };
}

async function toResponse(db: Db, row: InterestProfileRow, defaultId: string | null): Promise<InterestProfileResponse> {
  const profile = asProfile(row);
  const isDefault = row.id === defaultId;
  return {
    id: row.id,
    org_id: row.org_id,
    code: row.code,
    name: row.name ?? null,
    base: row.base,
    margin_bp: profile.margin_bp,
    fixed_rate_pa: profile.fixed_rate_pa,
    valid_from: profile.valid_from,
    valid_to: profile.valid_to,
    is_active: row.is_active,
    is_default: isDefault,
    rate_display: formatInterestProfileRate(profile),
    in_use: await isInterestProfileInUse(db, row.org_id, row.id, isDefault),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function readProfile(db: Db, orgId: string, id: string): Promise<InterestProfileRow> {
  const row = await findInterestProfileRow(db, orgId, id);
  if (!row) throw new DomainError('NOT_FOUND', 'Ränteprofilen hittades inte');
  return row;
}

/**
 * Core's check, with the field named: a REFERENCE_RATE profile needs margin_bp, a fixed one
 * fixed_rate_pa; valid_to may not precede valid_from.
 */
function assertProfileFields(profile: InterestProfile): void {
  const missing =
    profile.base === 'REFERENCE_RATE' && profile.margin_bp === null
      ? { path: 'margin_bp', message: 'Ange marginalen i baspunkter (800 = referensränta + 8 procentenheter)' }
      : profile.base === 'fixed' && profile.fixed_rate_pa === null
        ? { path: 'fixed_rate_pa', message: 'Ange den fasta räntan i procent per år, t.ex. 8.50' }
        : profile.valid_from !== null && profile.valid_to !== null && compareIsoDates(profile.valid_to, profile.valid_from) < 0
          ? { path: 'valid_to', message: 'Giltig till kan inte vara före giltig från' }
          : null;
  if (missing) throw new DomainError('VALIDATION_FAILED', missing.message, { issues: [{ ...missing, code: 'custom' }] });
  try {
    assertInterestProfile(profile);
  } catch (error) {
    if (isDomainError(error)) throw new DomainError('INVALID_INTEREST_PROFILE', error.message, error.details);
    throw error;
  }
}

/** The stored columns of a profile: margin 0 and no fixed rate for REFERENCE_RATE's opposite. */
function profileColumns(profile: InterestProfile) {
  return {
    base: profile.base,
    margin_bp: profile.base === 'REFERENCE_RATE' ? profile.margin_bp! : 0,
    fixed_rate_pa: profile.base === 'fixed' ? profile.fixed_rate_pa : null,
    valid_from: profile.valid_from,
    valid_to: profile.valid_to,
  };
}

/** The organisation's interest profiles by code, with the default for new cases. */
export async function listInterestProfiles(ctx: OrgScope): Promise<InterestProfileListResponse> {
  requireScopePermission(ctx, 'finance.read');
  const orgId = ctx.membership.org_id;
  const db = ctx.app.database.db;
  const [defaultId, rows] = await Promise.all([findDefaultInterestProfileId(db, orgId), listInterestProfileRows(db, orgId)]);
  return { items: await Promise.all(rows.map((row) => toResponse(db, row, defaultId))), default_interest_profile_id: defaultId };
}

/** A new interest profile (admin, finance); the code is unique in the organisation (CONFLICT). */
export async function createInterestProfile(ctx: OrgScope, input: InterestProfileCreateInput): Promise<InterestProfileResponse> {
  requireScopePermission(ctx, 'finance.settings');
  const parsed = parseInput(interestProfileCreateSchema, input);
  const profile: InterestProfile = {
    code: parsed.code,
    base: parsed.base,
    margin_bp: parsed.base === 'REFERENCE_RATE' ? (parsed.margin_bp ?? null) : null,
    fixed_rate_pa: parsed.base === 'fixed' ? (parsed.fixed_rate_pa ?? null) : null,
    valid_from: parsed.valid_from ?? null,
    valid_to: parsed.valid_to ?? null,
  };
  assertProfileFields(profile);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const existing = await findInterestProfileIdByCode(tx, orgId, parsed.code);
    if (existing) throw new DomainError('CONFLICT', `Det finns redan en ränteprofil med koden ${parsed.code}`, { field: 'code', id: existing });
    const row = await insertInterestProfile(tx, {
      org_id: orgId,
      code: parsed.code,
      name: parsed.name,
      ...profileColumns(profile),
      is_active: true,
      created_at: now,
      updated_at: now,
    });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'interest_profile.created',
      entity: 'interest_profiles',
      entity_id: row.id,
      payload: { code: row.code, rate: formatInterestProfileRate(profile) },
      created_at: now,
    });
    return await toResponse(tx, row, await findDefaultInterestProfileId(tx, orgId));
  });
}

/**
 * Edits a profile (admin, finance): name, validity and active; the rate (base, margin, fixed rate)
 * only while no case uses the profile — interest already accrued must not change behind the
 * cases' back (CONFLICT: create a new profile instead). The default profile cannot be switched off.
 */
export async function updateInterestProfile(ctx: OrgScope, id: string, input: InterestProfileUpdateInput): Promise<InterestProfileResponse> {
  requireScopePermission(ctx, 'finance.settings');
  const profileId = parseInput(idSchema, id);
  const parsed = parseInput(interestProfileUpdateSchema, input);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const before = await readProfile(tx, orgId, profileId);
    const defaultId = await findDefaultInterestProfileId(tx, orgId);
    const base = parsed.base ?? before.base;
    const next: InterestProfile = {
      code: before.code,
      base,
      margin_bp:
        base === 'REFERENCE_RATE' ? (parsed.margin_bp !== undefined ? parsed.margin_bp : before.base === 'REFERENCE_RATE' ? before.margin_bp : null) : null,
      fixed_rate_pa: base === 'fixed' ? (parsed.fixed_rate_pa !== undefined ? parsed.fixed_rate_pa : (before.fixed_rate_pa ?? null)) : null,
      valid_from: parsed.valid_from !== undefined ? parsed.valid_from : (before.valid_from ?? null),
      valid_to: parsed.valid_to !== undefined ? parsed.valid_to : (before.valid_to ?? null),
    };
    assertProfileFields(next);
    const columns = profileColumns(next);
    const candidate: Partial<InterestProfileRow> = { ...columns };
    if (parsed.name !== undefined) candidate.name = parsed.name;
    if (parsed.is_active !== undefined) candidate.is_active = parsed.is_active;
    const changed = changedFields(before, candidate);
    if (Object.keys(changed).length === 0) return await toResponse(tx, before, defaultId);
    const isDefault = profileId === defaultId;
    if (changed.is_active === false && isDefault) {
      throw new DomainError('CONFLICT', 'Standardprofilen för nya ärenden kan inte inaktiveras. Välj en annan standardprofil först.', { field: 'is_active' });
    }
    const previous = asProfile(before);
    const isRateChange = RATE_FIELDS.some((field) => previous[field] !== next[field]);
    if (isRateChange && (await isInterestProfileInUse(tx, orgId, profileId, isDefault))) {
      throw new DomainError(
        'CONFLICT',
        `Ränteprofilen ${before.code} används av ärenden, så räntesatsen kan inte ändras. Skapa en ny profil med den nya räntan i stället.`,
        { field: 'base' },
      );
    }
    const row = await updateInterestProfileRow(tx, orgId, profileId, { ...changed, updated_at: now });
    if (!row) throw new DomainError('NOT_FOUND', 'Ränteprofilen hittades inte');
    const onlyToggle = Object.keys(changed).length === 1 && changed.is_active !== undefined;
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: onlyToggle ? (row.is_active ? 'interest_profile.activated' : 'interest_profile.deactivated') : 'interest_profile.updated',
      entity: 'interest_profiles',
      entity_id: profileId,
      payload: { code: row.code, changed },
      created_at: now,
    });
    return await toResponse(tx, row, defaultId);
  });
}

/**
 * Chooses the organisation's interest profile for new cases (admin, finance): an active profile
 * of the organisation that may be chosen today (valid_from/valid_to).
 */
export async function setDefaultInterestProfile(ctx: OrgScope, input: DefaultInterestProfileInput): Promise<InterestProfileListResponse> {
  requireScopePermission(ctx, 'finance.settings');
  const { interest_profile_id: profileId } = parseInput(defaultInterestProfileSchema, input);
  const orgId = ctx.membership.org_id;
  const today = ctx.app.clock.today();
  const now = ctx.app.clock.now();
  await ctx.app.database.transaction(async (tx) => {
    const row = await readProfile(tx, orgId, profileId);
    if (!row.is_active) throw new DomainError('CONFLICT', `Ränteprofilen ${row.code} är inaktiv och kan inte vara standard`, { field: 'interest_profile_id' });
    if (!isInterestProfileValidOn(asProfile(row), today)) {
      throw new DomainError('CONFLICT', `Ränteprofilen ${row.code} gäller inte i dag och kan inte vara standard för nya ärenden`, {
        field: 'interest_profile_id',
      });
    }
    const previousId = await findDefaultInterestProfileId(tx, orgId);
    if (previousId === profileId) return;
    await setDefaultInterestProfileId(tx, orgId, profileId, now);
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'interest_profile.default_set',
      entity: 'organisations',
      entity_id: orgId,
      payload: { interest_profile_id: profileId, code: row.code, previous_interest_profile_id: previousId },
      created_at: now,
    });
  });
  return listInterestProfiles(ctx);
}
