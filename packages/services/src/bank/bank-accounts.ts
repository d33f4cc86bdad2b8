import { DomainError, parseBankgiro, parseIban, parsePlusgiro } from '@fordran/core';
import { findBankAccountRow, insertBankAccountRow, listBankAccountRows, updateBankAccountRow, type BankAccountRow, type Db } from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import { checkField } from '../schemas/field-check';
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
  return iban === null ? null : checkField('iban', () => parseIban(iban).normalized);
}

/** Bankgiro stored as NNN-NNNN / NNNN-NNNN; INVALID_BANKGIRO with core's reason. */
function normaliseBankgiro(bgNumber: string | null): string | null {
  return bgNumber === null ? null : checkField('bg_number', () => parseBankgiro(bgNumber).display);
}

/** Plusgiro stored as e.g. 90 20 03-3; INVALID_PLUSGIRO with core's reason. */
function normalisePlusgiro(pgNumber: string | null): string | null {
  return pgNumber === null ? null : checkField('pg_number', () => parsePlusgiro(pgNumber).display);
}

async function readBankAccount(db: Db, orgId: string, id: string): Promise<BankAccountRow> {
  const row = await findBankAccountRow(db, orgId, id);
  if (!row) throw new DomainError('NOT_FOUND', 'Bankkontot hittades inte');
  return row;
}

/**
 * 'Bankkonton' (spec part 2 §2, §7: bank_accounts active, by type): client funds first, then
 * operating accounts, by name. `include_inactive=true` adds the inactive ones (for the editor).
 */
export async function listBankAccounts(ctx: OrgScope, query: unknown = {}): Promise<BankAccountListResponse> {
  requireScopePermission(ctx, 'ledger.read');
  const q = parseInput(bankAccountListQuerySchema, query);
  const rows = await listBankAccountRows(ctx.app.database.db, ctx.membership.org_id, { includeInactive: q.include_inactive });
  return { accounts: rows.map(toResponse) };
}

/** Adds a bank account ('Sparat'): name and type required; IBAN (mod-97), bankgiro and plusgiro (Luhn) checked. */
export async function createBankAccount(ctx: OrgScope, input: BankAccountCreateInput): Promise<BankAccountResponse> {
  requireScopePermission(ctx, 'bank.write');
  const parsed = parseInput(bankAccountCreateSchema, input);
  const iban = normaliseIban(parsed.iban);
  const bgNumber = normaliseBankgiro(parsed.bg_number);
  const pgNumber = normalisePlusgiro(parsed.pg_number);
  const orgId = ctx.membership.org_id;
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const row = await insertBankAccountRow(tx, {
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
    });
    await appendAudit(tx, {
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
export async function updateBankAccount(ctx: OrgScope, id: string, input: BankAccountUpdateInput): Promise<BankAccountResponse> {
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
  return ctx.app.database.transaction(async (tx) => {
    await readBankAccount(tx, orgId, accountId);
    const row = (await updateBankAccountRow(tx, orgId, accountId, { ...changes, updated_at: now }))!;
    await appendAudit(tx, {
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
