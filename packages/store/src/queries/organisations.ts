import { eq, or } from 'drizzle-orm';
import { feeCatalogue, glAccounts, interestProfiles, organisations, rules } from '../schema';
import type { Db } from '../database';
import type { NewFeeCatalogueEntryRow, NewGlAccountRow, NewInterestProfileRow, NewOrganisationRow, NewRuleRow, OrganisationRow } from '../types';

/** The id of every organisation (for what concerns them all, e.g. a shared table's audit). */
export async function listOrganisationIds(db: Db): Promise<string[]> {
  return (await db.select({ id: organisations.id }).from(organisations)).map((row) => row.id);
}

/** The organisations whose id or exact name is `idOrName` (more than one: the name is ambiguous). */
export function listOrganisationsByIdOrName(db: Db, idOrName: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(or(eq(organisations.id, idOrName), eq(organisations.name, idOrName)));
}

/** Up to `limit` organisations (id and name), in no particular order. */
export function listSomeOrganisations(db: Db, limit: number): Promise<{ id: string; name: string }[]> {
  return db.select({ id: organisations.id, name: organisations.name }).from(organisations).limit(limit);
}

export async function findOrganisationRow(db: Db, orgId: string): Promise<OrganisationRow | undefined> {
  return (await db.select().from(organisations).where(eq(organisations.id, orgId)).limit(1))[0];
}

export async function insertOrganisation(tx: Db, row: NewOrganisationRow): Promise<void> {
  await tx.insert(organisations).values(row);
}

/** Changes an organisation's columns; returns the row as it now is (undefined: no such organisation). */
export async function updateOrganisationRow(
  tx: Db,
  orgId: string,
  change: Partial<NewOrganisationRow> & { updated_at: string },
): Promise<OrganisationRow | undefined> {
  return (await tx.update(organisations).set(change).where(eq(organisations.id, orgId)).returning())[0];
}

/** What a new organisation starts with: interest profiles, fee catalogue, rules and chart of accounts. */
export interface OrganisationDefaultRows {
  interestProfiles: NewInterestProfileRow[];
  fees: NewFeeCatalogueEntryRow[];
  rules: NewRuleRow[];
  glAccounts: NewGlAccountRow[];
}

export async function insertOrganisationDefaults(tx: Db, rows: OrganisationDefaultRows): Promise<void> {
  if (rows.interestProfiles.length > 0) await tx.insert(interestProfiles).values(rows.interestProfiles);
  if (rows.fees.length > 0) await tx.insert(feeCatalogue).values(rows.fees);
  if (rows.rules.length > 0) await tx.insert(rules).values(rows.rules);
  if (rows.glAccounts.length > 0) await tx.insert(glAccounts).values(rows.glAccounts);
}
