import { and, asc, eq } from 'drizzle-orm';
import { DomainError, parseBankgiro, parseIban, parsePlusgiro } from '@fordran/core';
import { bankAccounts, type BankAccountRow, type DbOrTx } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import {
  bankAccountCreateSchema,
  bankAccountListQuerySchema,
  bankAccountUpdateSchema,
  type BankAccountCreateInput,
  type BankAccountListResponse,
  type BankAccountResponse,
  type BankAccountUpdateInput,
} from '../schemas/bank';

function toResponse(row: BankAccountRow): BankAccountResponse {
  return {
    id: row.id,
    account_name: row.account_name,
    type: row.type,
    iban: row.iban ?? null,
    bg_number: row.bg_number ?? null,
    pg_number: row.pg_number ?? null,
    provider: row.provider ?? null,
    is_active: row.is_active,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** IBAN stored in its electronic form (no spaces); INVALID_IBAN with core's reason. */
function normaliseIban(iban: string | null): string | null {
  return iban === null ? null : parseIban(iban).normalized;
}

/** Bankgiro stored as NNN-NNNN / NNNN-NNNN; INVALID_BANKGIRO with core's reason. */
function normaliseBankgiro(bgNumber: string | null): string | null {
  return bgNumber === null ? null : parseBankgiro(bgNumber).display;
}

/** Plusgiro stored as e.g. 90 20 03-3; INVALID_PLUSGIRO with core's reason. */
function normalisePlusgiro(pgNumber: string | null): string | null {
  return pgNumber === null ? null : parsePlusgiro(pgNumber).display;
}

function readBankAccount(db: DbOrTx, orgId: string, id: string): BankAccountRow {
  const row = db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.org_id, orgId), eq(bankAccounts.id, id)))
    .get();
  if (!row) throw new DomainError('NOT_FOUND', 'Bankkontot hittades inte');
  return row;
}

/**
 * 'Bankkonton' (spec part 2 §2, §7: bank_accounts active, by type): client funds first, then
 * operating accounts, by name. `include_inactive=true` adds the inactive ones (for the editor).
 */
export function listBankAccounts(ctx: OrgScope, query: unknown = {}): BankAccountListResponse {
  requireScopePermission(ctx, 'ledger.read');
  const q = parseInput(bankAccountListQuerySchema, query);
  const rows = ctx.app.store.db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.org_id, ctx.membership.org_id), q.include_inactive ? undefined : eq(bankAccounts.is_active, true)))
    .orderBy(asc(bankAccounts.type), asc(bankAccounts.account_name), asc(bankAccounts.id))
    .all();
  return { accounts: rows.map(toResponse) };
}

/** Adds a bank account ('Sparat'): name and type required; IBAN (mod-97), bankgiro and plusgiro (Luhn) checked. */
export function createBankAccount(ctx: OrgScope, input: BankAccountCreateInput): BankAccountResponse {
  requireScopePermission(ctx, 'bank.write');
  const parsed = parseInput(bankAccountCreateSchema, input);
  const iban = normaliseIban(parsed.iban);
  const bgNumber = normaliseBankgiro(parsed.bg_number);
  const pgNumber = normalisePlusgiro(parsed.pg_number);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    const row = tx
      .insert(bankAccounts)
      .values({
        org_id: orgId,
        account_name: parsed.account_name,
        type: parsed.type,
        iban,
        bg_number: bgNumber,
        pg_number: pgNumber,
        provider: parsed.provider,
        is_active: parsed.is_active,
        created_at: now,
        updated_at: now,
      })
      .returning()
      .get();
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'bank_account.created',
      entity: 'bank_accounts',
      entity_id: row.id,
      payload: { account_name: row.account_name, type: row.type, iban: row.iban, bg_number: row.bg_number, pg_number: row.pg_number },
      created_at: now,
    });
    return toResponse(row);
  });
}

/** Changes a bank account, including is_active (an inactive account is kept for its statements). */
export function updateBankAccount(ctx: OrgScope, id: string, input: BankAccountUpdateInput): BankAccountResponse {
  requireScopePermission(ctx, 'bank.write');
  const accountId = parseInput(idSchema, id);
  const parsed = parseInput(bankAccountUpdateSchema, input);
  const changes: Partial<BankAccountRow> = {};
  if (parsed.account_name !== undefined) changes.account_name = parsed.account_name;
  if (parsed.type !== undefined) changes.type = parsed.type;
  if (parsed.iban !== undefined) changes.iban = normaliseIban(parsed.iban);
  if (parsed.bg_number !== undefined) changes.bg_number = normaliseBankgiro(parsed.bg_number);
  if (parsed.pg_number !== undefined) changes.pg_number = normalisePlusgiro(parsed.pg_number);
  if (parsed.provider !== undefined) changes.provider = parsed.provider;
  if (parsed.is_active !== undefined) changes.is_active = parsed.is_active;
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.store.transaction((tx) => {
    readBankAccount(tx, orgId, accountId);
    const row = tx
      .update(bankAccounts)
      .set({ ...changes, updated_at: now })
      .where(and(eq(bankAccounts.org_id, orgId), eq(bankAccounts.id, accountId)))
      .returning()
      .get()!;
    appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'bank_account.updated',
      entity: 'bank_accounts',
      entity_id: accountId,
      payload: { changes: Object.keys(changes) },
      created_at: now,
    });
    return toResponse(row);
  });
}
