import { organisations } from '../schema';
import type { Db } from '../database';

/** The id of every organisation (for what concerns them all, e.g. a shared table's audit). */
export async function listOrganisationIds(db: Db): Promise<string[]> {
  return (await db.select({ id: organisations.id }).from(organisations)).map((row) => row.id);
}
