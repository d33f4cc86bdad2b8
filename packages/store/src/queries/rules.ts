import { and, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { rules } from '../schema';
import type { NewRuleRow, RuleRow } from '../types';

/** Every rule of the organisation (inactive ones included). */
export function listRuleRows(db: Db, orgId: string): Promise<RuleRow[]> {
  return db.select().from(rules).where(eq(rules.org_id, orgId));
}

export async function findRuleRow(db: Db, orgId: string, id: string): Promise<RuleRow | undefined> {
  return (
    await db
      .select()
      .from(rules)
      .where(and(eq(rules.org_id, orgId), eq(rules.id, id)))
      .limit(1)
  )[0];
}

/** The id of the organisation's rule with this code, if any (codes are unique per organisation). */
export async function findRuleIdByCode(db: Db, orgId: string, code: string): Promise<string | undefined> {
  return (
    await db
      .select({ id: rules.id })
      .from(rules)
      .where(and(eq(rules.org_id, orgId), eq(rules.code, code)))
      .limit(1)
  )[0]?.id;
}

export async function insertRuleRow(tx: Db, row: NewRuleRow): Promise<RuleRow> {
  return (await tx.insert(rules).values(row).returning())[0]!;
}

/** Changes one rule of the organisation; undefined when it does not exist. */
export async function updateRuleRow(tx: Db, orgId: string, id: string, change: Partial<NewRuleRow>): Promise<RuleRow | undefined> {
  return (
    await tx
      .update(rules)
      .set(change)
      .where(and(eq(rules.org_id, orgId), eq(rules.id, id)))
      .returning()
  )[0];
}
