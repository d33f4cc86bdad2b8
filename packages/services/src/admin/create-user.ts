import { randomBytes } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { creditors, organisations, userOrgRoles, type DbOrTx } from '@fordran/store';
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

export function findOrganisation(db: DbOrTx, idOrName: string): { id: string; name: string } {
  const rows = db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(or(eq(organisations.id, idOrName), eq(organisations.name, idOrName)))
    .all();
  if (rows.length === 0) throw new DomainError('NOT_FOUND', `Organisationen "${idOrName}" finns inte`);
  if (rows.length > 1) throw new DomainError('CONFLICT', `Flera organisationer heter "${idOrName}": ange id`);
  return rows[0]!;
}

export async function createUser(app: AppContext, input: CreateUserInput): Promise<CreateUserResult> {
  const parsed = parseInput(createUserSchema, input);
  const db = app.store.db;
  const org = findOrganisation(db, parsed.org);
  if (parsed.role === 'client') {
    if (!parsed.creditor_id) throw new DomainError('VALIDATION_FAILED', 'En kundanvändare måste kopplas till en borgenär (--creditor)');
    const creditor = db
      .select({ id: creditors.id })
      .from(creditors)
      .where(and(eq(creditors.id, parsed.creditor_id), eq(creditors.org_id, org.id)))
      .get();
    if (!creditor) throw new DomainError('NOT_FOUND', 'Borgenären finns inte i organisationen');
  }
  const existingId = findUserIdByEmail(db, parsed.email);
  const generated = existingId || parsed.password ? undefined : randomBytes(12).toString('base64url');
  const passwordHash = existingId ? null : await hashPassword(parsed.password ?? generated!);
  const now = app.clock.now();
  const userId = existingId ?? crypto.randomUUID();

  app.store.transaction((tx) => {
    if (!existingId) insertUserWithProfile(tx, { id: userId, email: parsed.email, password_hash: passwordHash!, full_name: parsed.full_name, now });
    const membership = tx
      .select({ id: userOrgRoles.id })
      .from(userOrgRoles)
      .where(and(eq(userOrgRoles.org_id, org.id), eq(userOrgRoles.user_id, userId)))
      .get();
    if (membership) throw new DomainError('CONFLICT', 'Användaren är redan medlem i organisationen');
    tx.insert(userOrgRoles)
      .values({ org_id: org.id, user_id: userId, role: parsed.role, creditor_id: parsed.creditor_id ?? null, created_at: now })
      .run();
    appendAudit(tx, {
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
