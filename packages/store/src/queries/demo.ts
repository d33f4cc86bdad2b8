import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../database';
import {
  auditLogs,
  bankAccounts,
  bankStatements,
  caseEvents,
  caseFees,
  caseFlags,
  cases,
  creditors,
  glEntries,
  glJournals,
  invitations,
  organisations,
  parties,
  paymentAllocations,
  payments,
  userOrgRoles,
  users,
} from '../schema';

/*
 * The demo organisation's own reads and writes (`fordran seed demo` / `seed purge`): which
 * organisations are demos, what of theirs lies outside the database, the demo admin, and what the
 * seed reads back of the organisation it filled.
 */

/** The organisations marked `settings_json.demo = true`. */
export async function listDemoOrganisationIds(db: Db): Promise<string[]> {
  // Organisations are few; filtering the JSON here keeps the SQL dialect-neutral.
  const rows = await db.select({ id: organisations.id, settings: organisations.settings_json }).from(organisations);
  return rows.filter((row) => row.settings?.demo === true).map((row) => row.id);
}

/** Marks an organisation as a demo (its only setting). */
export async function markDemoOrganisation(tx: Db, orgId: string, now: string): Promise<void> {
  await tx
    .update(organisations)
    .set({ settings_json: { demo: true }, updated_at: now })
    .where(eq(organisations.id, orgId));
}

/** The storage keys of the bank files of these organisations' statements. */
export async function listDemoBankFileKeys(db: Db, orgIds: readonly string[]): Promise<string[]> {
  if (orgIds.length === 0) return [];
  const rows = await db
    .select({ key: bankStatements.file_key })
    .from(bankStatements)
    .where(inArray(bankStatements.org_id, [...orgIds]));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/** Gives the demo admin a new password. */
export async function setDemoAdminPassword(tx: Db, userId: string, passwordHash: string, now: string): Promise<void> {
  await tx.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, userId));
}

/** Deletes the demo admin unless some organisation still has them as a member. */
export async function deleteDemoAdminWithoutMembership(tx: Db, userId: string): Promise<void> {
  const membership = (await tx.select({ id: userOrgRoles.id }).from(userOrgRoles).where(eq(userOrgRoles.user_id, userId)).limit(1))[0];
  if (!membership) await tx.delete(users).where(eq(users.id, userId));
}

/** The tables the seed reports, with the demo organisation's rows in each. */
const DEMO_COUNTED_TABLES = {
  creditors,
  parties,
  cases,
  case_events: caseEvents,
  case_fees: caseFees,
  case_flags: caseFlags,
  payments,
  payment_allocations: paymentAllocations,
  gl_journals: glJournals,
  gl_entries: glEntries,
  bank_accounts: bankAccounts,
  bank_statements: bankStatements,
  invitations,
  audit_logs: auditLogs,
} as const;

export type DemoRowCounts = Record<keyof typeof DEMO_COUNTED_TABLES, number>;

/** The organisation's rows in each table the seed reports. */
export async function countDemoRows(db: Db, orgId: string): Promise<DemoRowCounts> {
  const counted = await Promise.all(
    Object.entries(DEMO_COUNTED_TABLES).map(async ([name, table]) => {
      const row = (await db.select({ n: count() }).from(table).where(eq(table.org_id, orgId)))[0];
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counted) as DemoRowCounts;
}

/** Up to `limit` active cases of the organisation with what a bank file pays them by, by OCR reference. */
export async function listDemoActiveCases(db: Db, orgId: string, limit: number) {
  return db
    .select({ id: cases.id, ocr_reference: cases.ocr_reference, total_outstanding: cases.total_outstanding })
    .from(cases)
    .where(and(eq(cases.org_id, orgId), eq(cases.status, 'active')))
    .orderBy(asc(cases.ocr_reference))
    .limit(limit);
}
