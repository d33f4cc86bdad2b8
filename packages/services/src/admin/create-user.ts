import { randomBytes } from 'node:crypto';
import { DomainError } from '@fordran/core';
import { insertMembership, isCreditorOfOrganisation, isOrganisationMember, listOrganisationsByIdOrName, uuidV7, type Db } from '@fordran/store';
import type { AppContext } from '../context';
import { ROLES } from '../access/roles';
import { appendAudit } from '../audit/audit-log';
import { hashPassword } from '../auth/passwords';
import { findUserIdByEmail, insertUserWithProfile } from '../auth/users';
import { newPasswordSchema } from '../schemas/auth';
import { emailSchema, fullNameSchema } from '../schemas/common';
import { parseInput, z } from '../schemas/zod-setup';

/**
 * Operator use case behind `fordran users create`: run by whoever has the server's database, so
 * there is no signed-in actor. Creates the user (or reuses an existing one with that e-mail) and
 * gives them `role` in the organisation named by id or exact name.
 */
export const createUserSchema = z.object({
  email: emailSchema,
  full_name: fullNameSchema,
  org: z.string({ error: 'Organisation krävs' }).trim().min(1, 'Organisation krävs'),
  role: z.enum(ROLES, { error: `Roll måste vara en av ${ROLES.join(', ')}` }),
  password: newPasswordSchema.optional(),
  creditor_id: z.string().trim().min(1).optional(),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export interface CreateUserResult {
  user_id: string;
  email: string;
  org_id: string;
  org_name: string;
  role: (typeof ROLES)[number];
  created: boolean;
  /** Only when the user was created without a given password: shown once, never stored. */
  generated_password?: string;
}

export async function findOrganisation(db: Db, idOrName: string): Promise<{ id: string; name: string }> {
  const rows = await listOrganisationsByIdOrName(db, idOrName);
  if (rows.length === 0) throw new DomainError('NOT_FOUND', `Organisationen "${idOrName}" finns inte`);
  if (rows.length > 1) throw new DomainError('CONFLICT', `Flera organisationer heter "${idOrName}": ange id`);
  return rows[0]!;
}

export async function createUser(app: AppContext, input: CreateUserInput): Promise<CreateUserResult> {
  const parsed = parseInput(createUserSchema, input);
  const db = app.database.db;
  const org = await findOrganisation(db, parsed.org);
  if (parsed.role === 'client') {
    if (!parsed.creditor_id) throw new DomainError('VALIDATION_FAILED', 'En kundanvändare måste kopplas till en borgenär (--creditor)');
    if (!(await isCreditorOfOrganisation(db, org.id, parsed.creditor_id))) throw new DomainError('NOT_FOUND', 'Borgenären finns inte i organisationen');
  }
  const existingId = await findUserIdByEmail(db, parsed.email);
  const generated = existingId || parsed.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = existingId ? null : await hashPassword(parsed.password ?? generated!);
  const now = app.clock.now();
  const userId = existingId ?? uuidV7();

  await app.database.transaction(async (tx) => {
    if (!existingId) await insertUserWithProfile(tx, { id: userId, email: parsed.email, password_hash: passwordHash!, full_name: parsed.full_name, now });
    if (await isOrganisationMember(tx, org.id, userId)) throw new DomainError('CONFLICT', 'Användaren är redan medlem i organisationen');
    await insertMembership(tx, { org_id: org.id, user_id: userId, role: parsed.role, creditor_id: parsed.creditor_id ?? null, created_at: now });
    await appendAudit(tx, {
      org_id: org.id,
      actor_id: null,
      event: 'member.added',
      entity: 'user_org_roles',
      entity_id: userId,
      payload: { email: parsed.email, role: parsed.role, via: 'cli', created_user: !existingId },
      created_at: now,
    });
  });
  return {
    user_id: userId,
    email: parsed.email,
    org_id: org.id,
    org_name: org.name,
    role: parsed.role,
    created: !existingId,
    ...(generated ? { generated_password: generated } : {}),
  };
}
