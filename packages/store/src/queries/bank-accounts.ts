import { and, asc, eq, inArray } from 'drizzle-orm';
import type { KnownBankAccount } from '@fordran/core';
import type { Db } from '../database';
import { bankAccounts } from '../schema';
import type { BankAccountRow, NewBankAccountRow } from '../types';

/** The organisation's bank accounts: client funds first, then operating accounts, by name; inactive ones only when asked. */
export function listBankAccountRows(db: Db, orgId: string, options: { includeInactive: boolean }): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.org_id, orgId), options.includeInactive ? undefined : eq(bankAccounts.is_active, true)))
    .orderBy(asc(bankAccounts.type), asc(bankAccounts.account_name), asc(bankAccounts.id));
}

export async function findBankAccountRow(db: Db, orgId: string, id: string): Promise<BankAccountRow | undefined> {
  return (
    await db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.org_id, orgId), eq(bankAccounts.id, id)))
      .limit(1)
  )[0];
}

export async function insertBankAccountRow(tx: Db, values: NewBankAccountRow): Promise<BankAccountRow> {
  return (await tx.insert(bankAccounts).values(values).returning())[0]!;
}

/** Changes the organisation's bank account; undefined when it has no such account. */
export async function updateBankAccountRow(tx: Db, orgId: string, id: string, changes: Partial<NewBankAccountRow>): Promise<BankAccountRow | undefined> {
  return (
    await tx
      .update(bankAccounts)
      .set(changes)
      .where(and(eq(bankAccounts.org_id, orgId), eq(bankAccounts.id, id)))
      .returning()
  )[0];
}

/** Every bank account of the organisation (active or not) as a bank file is matched against. */
export function listKnownBankAccountRows(db: Db, orgId: string): Promise<KnownBankAccount[]> {
  return db
    .select({ id: bankAccounts.id, iban: bankAccounts.iban, bg_number: bankAccounts.bg_number })
    .from(bankAccounts)
    .where(eq(bankAccounts.org_id, orgId));
}

/** The names of the organisation's bank accounts `ids`, by id. */
export async function bankAccountNamesById(db: Db, orgId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: bankAccounts.id, name: bankAccounts.account_name })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.org_id, orgId), inArray(bankAccounts.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}
