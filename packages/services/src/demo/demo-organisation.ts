import { randomBytes } from 'node:crypto';
import { DomainError } from '@fordran/core';
import {
  deleteDemoAdminWithoutMembership,
  deleteOrganisationData,
  listDemoBankFileKeys,
  listDemoOrganisationIds,
  markDemoOrganisation,
  setDemoAdminPassword,
  uuidV7,
  type Db,
} from '@fordran/store';
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

interface DemoPurge {
  organisations: number;
  /** The purged organisations' stored bank files, to delete once the transaction has committed. */
  fileKeys: string[];
}

/** Deletes demo organisations with all their data, and the demo admin when left without a membership. */
async function purgeDemoOrganisations(tx: Db, email: string): Promise<DemoPurge> {
  const ids = await listDemoOrganisationIds(tx);
  const fileKeys = await listDemoBankFileKeys(tx, ids);
  for (const id of ids) await deleteOrganisationData(tx, id);
  const userId = await findUserIdByEmail(tx, email);
  if (userId) await deleteDemoAdminWithoutMembership(tx, userId);
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
  const created = await app.database.transaction(async (tx) => {
    const purged = await purgeDemoOrganisations(tx, email);
    let userId = await findUserIdByEmail(tx, email);
    if (userId) {
      await setDemoAdminPassword(tx, userId, passwordHash, now);
    } else {
      userId = uuidV7();
      await insertUserWithProfile(tx, { id: userId, email, password_hash: passwordHash, full_name: DEMO_ADMIN_NAME, now });
    }
    const orgId = await createOrganisation(tx, { name: DEMO_ORGANISATION_NAME, adminUserId: userId, now });
    await markDemoOrganisation(tx, orgId, now);
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
  const purged = await app.database.transaction((tx) => purgeDemoOrganisations(tx, email));
  await deleteFiles(app, purged.fileKeys);
  if (purged.organisations === 0 && !(await findUserIdByEmail(app.database.db, email))) {
    throw new DomainError('NOT_FOUND', 'Det finns ingen demodata att ta bort');
  }
  return { purged_organisations: purged.organisations };
}
