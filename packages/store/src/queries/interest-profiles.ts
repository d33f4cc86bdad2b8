import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../database';
import { cases, interestProfiles, organisations } from '../schema';
import type { InterestProfileRow, NewInterestProfileRow } from '../types';

/** `orgId`'s interest profiles by code. */
export function listInterestProfileRows(db: Db, orgId: string): Promise<InterestProfileRow[]> {
  return db.select().from(interestProfiles).where(eq(interestProfiles.org_id, orgId)).orderBy(asc(interestProfiles.code), asc(interestProfiles.id));
}

export async function findInterestProfileRow(db: Db, orgId: string, id: string): Promise<InterestProfileRow | undefined> {
  return (
    await db
      .select()
      .from(interestProfiles)
      .where(and(eq(interestProfiles.org_id, orgId), eq(interestProfiles.id, id)))
      .limit(1)
  )[0];
}

/** The id of `orgId`'s profile with `code`, if any. */
export async function findInterestProfileIdByCode(db: Db, orgId: string, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: interestProfiles.id })
    .from(interestProfiles)
    .where(and(eq(interestProfiles.org_id, orgId), eq(interestProfiles.code, code)))
    .limit(1);
  return row?.id;
}

export async function insertInterestProfile(tx: Db, values: NewInterestProfileRow): Promise<InterestProfileRow> {
  return (await tx.insert(interestProfiles).values(values).returning())[0]!;
}

/** Sets `changes` on `orgId`'s profile `id`; undefined when there is no such profile. */
export async function updateInterestProfileRow(
  tx: Db,
  orgId: string,
  id: string,
  changes: Partial<InterestProfileRow>,
): Promise<InterestProfileRow | undefined> {
  return (
    await tx
      .update(interestProfiles)
      .set(changes)
      .where(and(eq(interestProfiles.org_id, orgId), eq(interestProfiles.id, id)))
      .returning()
  )[0];
}

/** Makes `profileId` the organisation's interest profile for new cases. */
export async function setDefaultInterestProfileId(tx: Db, orgId: string, profileId: string, now: string): Promise<void> {
  await tx.update(organisations).set({ default_interest_profile_id: profileId, updated_at: now }).where(eq(organisations.id, orgId));
}

/** Whether a case uses the profile: named on the case, or by default (a case without one follows the default). */
export async function isInterestProfileInUse(db: Db, orgId: string, profileId: string, isDefault: boolean): Promise<boolean> {
  const uses = isDefault ? or(eq(cases.interest_profile_id, profileId), isNull(cases.interest_profile_id)) : eq(cases.interest_profile_id, profileId);
  const [row] = await db
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.org_id, orgId), uses))
    .limit(1);
  return row !== undefined;
}
