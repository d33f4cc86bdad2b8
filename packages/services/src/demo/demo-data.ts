import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { DomainError, encodeBankFileLatin1, type IsoDate } from '@fordran/core';
import { DEMO_SIZES, generateDemoBankFiles, seedDemoData, type DemoInsertCounts, type DemoSize } from '@fordran/fixtures';
import { bankStatements, cases, deleteOrganisationData, organisations, userOrgRoles, users, type DbOrTx } from '@fordran/store';
import type { AppContext } from '../context';
import { operatorContext } from '../access/operator';
import { importBankFile } from '../payments/import-bank-file';
import { appendAudit } from '../audit/audit-log';
import { hashPassword } from '../auth/passwords';
import { findUserIdByEmail, insertUserWithProfile } from '../auth/users';
import { createOnboardingSteps } from '../onboarding/onboarding';
import { emailSchema } from '../schemas/common';
import { parseInput, z } from '../schemas/zod-setup';

/**
 * `fordran seed demo` / `seed purge`: a separate demo organisation filled by the fixtures
 * generator, with an admin user whose password is generated anew on every seed and shown once.
 * Demo organisations carry `settings_json.demo = true`; that mark is what purge removes.
 */
export const DEMO_ADMIN_EMAIL = 'demo@fordran.se';
export const DEMO_ADMIN_NAME = 'Demo Administratör';

export const seedDemoSchema = z.object({
  seed: z.number().int().default(1),
  size: z.union([z.enum(Object.keys(DEMO_SIZES) as [keyof typeof DEMO_SIZES]), z.object({ cases: z.number().int().min(1).max(1_000_000) })]).default('small'),
  email: emailSchema.default(DEMO_ADMIN_EMAIL),
});
export type SeedDemoInput = z.input<typeof seedDemoSchema>;

export interface SeedDemoResult {
  org_id: string;
  org_name: string;
  email: string;
  password: string;
  counts: DemoInsertCounts;
  /** The bank files imported into the demo organisation, and how their statements reconciled. */
  bank_files: { file_name: string; payments: number; reconciliation_status: string | null }[];
  /** Spec part 2 §7: the demo function answers with a link to a case. */
  urls: { case: string | null };
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

/** Deletes demo organisations with all their data, and demo-only users left without a membership. */
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

export async function seedDemo(app: AppContext, input: SeedDemoInput = {}, onProgress?: (done: number, total: number) => void): Promise<SeedDemoResult> {
  const { seed, size, email } = parseInput(seedDemoSchema, input);
  const password = randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const now = app.clock.now();
  const orgId = crypto.randomUUID();

  const seeded = app.store.transaction((tx) => {
    const purged = purgeDemoOrganisations(tx, email);
    let userId = findUserIdByEmail(tx, email);
    if (userId) {
      tx.update(users).set({ password_hash: passwordHash, updated_at: now }).where(eq(users.id, userId)).run();
    } else {
      userId = crypto.randomUUID();
      insertUserWithProfile(tx, { id: userId, email, password_hash: passwordHash, full_name: DEMO_ADMIN_NAME, now });
    }
    const counts = seedDemoData(tx, {
      seed,
      size: size as DemoSize,
      org_id: orgId,
      today: app.clock.today(),
      created_by: userId,
      ...(onProgress ? { onProgress } : {}),
    });
    tx.update(organisations)
      .set({ settings_json: { demo: true } })
      .where(eq(organisations.id, orgId))
      .run();
    tx.insert(userOrgRoles).values({ org_id: orgId, user_id: userId, role: 'admin', created_at: now }).run();
    createOnboardingSteps(tx, orgId);
    appendAudit(tx, {
      org_id: orgId,
      actor_id: null,
      event: 'demo.seeded',
      entity: 'organisations',
      entity_id: orgId,
      payload: { seed, size, counts },
      created_at: now,
    });
    const org = tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, orgId)).get()!;
    const firstCase = tx
      .select({ id: cases.id })
      .from(cases)
      .where(and(eq(cases.org_id, orgId), eq(cases.status, 'active')))
      .limit(1)
      .get();
    return {
      org_id: orgId,
      org_name: org.name,
      email,
      password,
      counts,
      urls: { case: firstCase ? `/cases/${firstCase.id}` : null },
      purged_organisations: purged.organisations,
      purgedFileKeys: purged.fileKeys,
    };
  });
  // Dated today: the demo's interest runs to today, so a payment of the outstanding amount is exact.
  const { purgedFileKeys, ...result } = seeded;
  await deleteFiles(app, purgedFileKeys);
  const bank_files = await importDemoBankFiles(app, orgId, seed, app.clock.today());
  return { ...result, bank_files };
}

/**
 * Bank statements for 'Bankavstämning', through the real import (matching, allocation, ledger,
 * reconciliation): a day's BgMax file that reconciles and a re-sent one that does not; a camt.054
 * notification and the evening's camt.053 of the same transactions, booked once, both reconciled.
 */
async function importDemoBankFiles(app: AppContext, orgId: string, seed: number, paidAt: IsoDate): Promise<SeedDemoResult['bank_files']> {
  const open = app.store.db
    .select({ id: cases.id, ocr_reference: cases.ocr_reference, total_outstanding: cases.total_outstanding })
    .from(cases)
    .where(and(eq(cases.org_id, orgId), eq(cases.status, 'active')))
    .orderBy(cases.id)
    .limit(1_000)
    .all();
  const ctx = operatorContext(app, orgId);
  const imported: SeedDemoResult['bank_files'] = [];
  for (const file of generateDemoBankFiles(open, { seed, paid_at: paidAt })) {
    const bytes = file.encoding === 'latin1' ? encodeBankFileLatin1(file.text) : new TextEncoder().encode(file.text);
    const summary = await importBankFile(ctx, { file_name: file.file_name, bytes });
    imported.push({ file_name: file.file_name, payments: summary.payments, reconciliation_status: summary.reconciliation_status });
  }
  return imported;
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
