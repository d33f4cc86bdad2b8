import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { DomainError } from '@fordran/core';
import { bankStatements, deleteOrganisationData, organisations, userOrgRoles, users, type DbOrTx } from '@fordran/store';
import type { AppContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { findUserIdByEmail, insertUserWithProfile } from '../auth/users';
import { createOrganisation } from '../orgs/create-organisation';
import { emailSchema } from '../schemas/common';
import { parseInput, z } from '../schemas/zod-setup';

/**
 * The demo organisation's life (`fordran seed demo` / `seed purge`): a separate organisation,
 * marked `settings_json.demo = true`, with an admin whose password is generated anew each time
 * and shown once. Only the organisation and its admin are made here; what happens in it is done
 * by the use cases themselves (fixtures' `seedDemo`), as a user of the product would.
 */
export const DEMO_ADMIN_EMAIL = 'demo@fordran.se';
export const DEMO_ADMIN_NAME = 'Demo Administratör';
export const DEMO_ORGANISATION_NAME = 'Demo Inkasso AB';

export const demoOrganisationSchema = z.object({ email: emailSchema.default(DEMO_ADMIN_EMAIL) });
export type DemoOrganisationInput = z.input<typeof demoOrganisationSchema>;

export interface DemoOrganisation {
  org_id: string;
  org_name: string;
  /** The demo admin (role admin in the organisation). */
  user_id: string;
  email: string;
  password: string;
  /** Earlier demo organisations removed first. */
  purged_organisations: number;
}

function demoOrganisationIds(db: DbOrTx): string[] {
  // Organisations are few; filtering the JSON here keeps the SQL dialect-neutral.
  return db
    .select({ id: organisations.id, settings: organisations.settings_json })
    .from(organisations)
    .all()
    .filter((row) => row.settings?.demo === true)
    .map((row) => row.id);
}

interface DemoPurge {
  organisations: number;
  /** The purged organisations' stored bank files, to delete once the transaction has committed. */
  fileKeys: string[];
}

/** Deletes demo organisations with all their data, and the demo admin when left without a membership. */
function purgeDemoOrganisations(tx: DbOrTx, email: string): DemoPurge {
  const ids = demoOrganisationIds(tx);
  const fileKeys = ids.length
    ? tx
        .select({ key: bankStatements.file_key })
        .from(bankStatements)
        .where(inArray(bankStatements.org_id, ids))
        .all()
        .flatMap((row) => (row.key ? [row.key] : []))
    : [];
  for (const id of ids) deleteOrganisationData(tx, id);
  const userId = findUserIdByEmail(tx, email);
  if (userId && !tx.select({ id: userOrgRoles.id }).from(userOrgRoles).where(eq(userOrgRoles.user_id, userId)).get()) {
    tx.delete(users).where(eq(users.id, userId)).run();
  }
  return { organisations: ids.length, fileKeys };
}

async function deleteFiles(app: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) await app.files.delete(key);
}

/**
 * Replaces any earlier demo organisation with a new, empty one — the defaults every new
 * organisation gets (fee catalogue, interest profiles, rules, chart of accounts, onboarding) —
 * and gives the demo admin (created, or kept with a new password) the admin role in it.
 */
export async function createDemoOrganisation(app: AppContext, input: DemoOrganisationInput = {}): Promise<DemoOrganisation> {
  const { email } = parseInput(demoOrganisationSchema, input);
  const password = randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const now = app.clock.now();
  const created = app.store.transaction((tx) => {
    const purged = purgeDemoOrganisations(tx, email);
    let userId = findUserIdByEmail(tx, email);
    if (userId) {
      tx.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, userId)).run();
    } else {
      userId = crypto.randomUUID();
      insertUserWithProfile(tx, { id: userId, email, password_hash: passwordHash, full_name: DEMO_ADMIN_NAME, now });
    }
    const orgId = createOrganisation(tx, { name: DEMO_ORGANISATION_NAME, adminUserId: userId, now });
    tx.update(organisations)
      .set({ settings_json: { demo: true }, updated_at: now })
      .where(eq(organisations.id, orgId))
      .run();
    return { orgId, userId, purged };
  });
  await deleteFiles(app, created.purged.fileKeys);
  return {
    org_id: created.orgId,
    org_name: DEMO_ORGANISATION_NAME,
    user_id: created.userId,
    email,
    password,
    purged_organisations: created.purged.organisations,
  };
}

export interface PurgeDemoResult {
  purged_organisations: number;
}

/** Removes every demo organisation and the demo admin when it belongs nowhere else. */
export async function purgeDemo(app: AppContext, input: { email?: string } = {}): Promise<PurgeDemoResult> {
  const email = input.email === undefined ? DEMO_ADMIN_EMAIL : parseInput(emailSchema, input.email);
  const purged = app.store.transaction((tx) => purgeDemoOrganisations(tx, email));
  await deleteFiles(app, purged.fileKeys);
  if (purged.organisations === 0 && !findUserIdByEmail(app.store.db, email)) {
    throw new DomainError('NOT_FOUND', 'Det finns ingen demodata att ta bort');
  }
  return { purged_organisations: purged.organisations };
}
