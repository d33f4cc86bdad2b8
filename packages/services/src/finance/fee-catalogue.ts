import {
  assertFeeCatalogueAmount,
  compareIsoDates,
  decimalToOre,
  DomainError,
  feeTaxCodeLabel,
  findFeeInForce,
  oreToDecimal,
  statutoryFeeMaxOre,
  type FeeCatalogueEntry,
  type IsoDate,
  type Ore,
} from '@fordran/core';
import {
  findFeeCatalogueRow,
  insertFeeCatalogueRow,
  listFeeCatalogueRows,
  listFeeVersionRows,
  setFeeCodeActive,
  updateFeeCatalogueRow,
  type Db,
  type FeeCatalogueEntryRow,
} from '@fordran/store';
import { auditActor, requireScopePermission, type OrgScope } from '../access/operator';
import { appendAudit } from '../audit/audit-log';
import { idSchema } from '../schemas/common';
import { parseInput } from '../schemas/zod-setup';
import { feeCreateSchema, feeUpdateSchema, type FeeCreateInput, type FeeListResponse, type FeeResponse, type FeeUpdateInput } from '../schemas/finance';

type FeeState = FeeResponse['state'];

function toEntry(row: FeeCatalogueEntryRow): FeeCatalogueEntry {
  return {
    code: row.code,
    name: row.name,
    amountOre: row.amount as Ore,
    tax_code: row.tax_code ?? null,
    valid_from: row.valid_from,
    is_active: row.is_active,
  };
}

/**
 * Where each row of one code stands on `today`: the row core's findFeeInForce picks is in force;
 * other active rows are scheduled (later valid_from) or superseded (earlier).
 */
function statesOfCode(rows: readonly FeeCatalogueEntryRow[], today: IsoDate): Map<string, FeeState> {
  const entries = rows.map(toEntry);
  const inForce = rows.length > 0 ? findFeeInForce(entries, rows[0]!.code, today) : null;
  return new Map(
    rows.map((row, i) => {
      const state: FeeState = !row.is_active
        ? 'inactive'
        : entries[i] === inForce
          ? 'in_force'
          : compareIsoDates(row.valid_from, today) > 0
            ? 'scheduled'
            : 'superseded';
      return [row.id, state];
    }),
  );
}

function toResponse(row: FeeCatalogueEntryRow, state: FeeState): FeeResponse {
  const maxOre = statutoryFeeMaxOre(row.code);
  return {
    id: row.id,
    org_id: row.org_id,
    code: row.code,
    name: row.name,
    amount: oreToDecimal(row.amount as Ore),
    tax_code: row.tax_code ?? null,
    tax_code_label: feeTaxCodeLabel(row.tax_code ?? null),
    valid_from: row.valid_from,
    is_active: row.is_active,
    state,
    statutory_max: maxOre === null ? null : oreToDecimal(maxOre),
    created_at: row.created_at,
  };
}

async function responseOf(db: Db, orgId: string, row: FeeCatalogueEntryRow, today: IsoDate): Promise<FeeResponse> {
  return toResponse(row, statesOfCode(await listFeeVersionRows(db, orgId, row.code), today).get(row.id) ?? 'superseded');
}

async function readFee(db: Db, orgId: string, id: string): Promise<FeeCatalogueEntryRow> {
  const row = await findFeeCatalogueRow(db, orgId, id);
  if (!row) throw new DomainError('NOT_FOUND', 'Avgiften hittades inte');
  return row;
}

/**
 * The fee catalogue (spec part 2 §3, §7: ordered by code): every version of every code, newest
 * first within a code, each with its state today and the statutory maximum of its code.
 */
export async function listFeeCatalogue(ctx: OrgScope): Promise<FeeListResponse> {
  requireScopePermission(ctx, 'finance.read');
  const today = ctx.app.clock.today();
  const rows = await listFeeCatalogueRows(ctx.app.database.db, ctx.membership.org_id);
  const byCode = new Map<string, FeeCatalogueEntryRow[]>();
  for (const row of rows) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row]);
  const states = new Map([...byCode.values()].flatMap((versions) => [...statesOfCode(versions, today)]));
  return { items: rows.map((row) => toResponse(row, states.get(row.id) ?? 'superseded')), today };
}

/**
 * A new fee code (admin, finance). Statutory codes cannot exceed their maximum (lag 1981:739,
 * FEE_NOT_ALLOWED); an existing code is CONFLICT: its amount changes by a new version instead.
 */
export async function createFee(ctx: OrgScope, input: FeeCreateInput): Promise<FeeResponse> {
  requireScopePermission(ctx, 'finance.settings');
  const parsed = parseInput(feeCreateSchema, input);
  const amountOre = decimalToOre(parsed.amount);
  assertFeeCatalogueAmount(parsed.code, amountOre);
  const orgId = ctx.membership.org_id;
  const today = ctx.app.clock.today();
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    if ((await listFeeVersionRows(tx, orgId, parsed.code)).length > 0) {
      throw new DomainError('CONFLICT', `Avgiftskoden ${parsed.code} finns redan. Ändra beloppet på den befintliga avgiften, så skapas en ny version.`, {
        field: 'code',
      });
    }
    const row = await insertFeeCatalogueRow(tx, {
      org_id: orgId,
      code: parsed.code,
      name: parsed.name,
      amount: amountOre,
      tax_code: parsed.tax_code,
      valid_from: parsed.valid_from ?? today,
      is_active: parsed.is_active,
      created_at: now,
    });
    await appendAudit(tx, {
      org_id: orgId,
      actor_id: auditActor(ctx),
      event: 'fee.created',
      entity: 'fee_catalogue',
      entity_id: row.id,
      payload: { code: row.code, amount: oreToDecimal(row.amount as Ore), valid_from: row.valid_from },
      created_at: now,
    });
    return await responseOf(tx, orgId, row, today);
  });
}

/**
 * A new version of `row` with another amount from `validFrom`. Never retroactive: it starts today
 * at the earliest and after the version it replaces, so no case's charged amount is rewritten in
 * the catalogue's history; one version per code and day.
 */
async function insertVersion(
  tx: Db,
  row: FeeCatalogueEntryRow,
  change: { amount: Ore; valid_from: IsoDate; name: string; tax_code: string | null },
  today: IsoDate,
  now: string,
): Promise<FeeCatalogueEntryRow> {
  if (compareIsoDates(change.valid_from, today) < 0) {
    throw new DomainError('VALIDATION_FAILED', `Ett nytt belopp kan inte gälla bakåt i tiden: välj ${today} eller senare`, {
      issues: [{ path: 'valid_from', message: 'Giltig från måste vara i dag eller senare', code: 'custom' }],
    });
  }
  if (compareIsoDates(change.valid_from, row.valid_from) <= 0) {
    throw new DomainError('VALIDATION_FAILED', `Det nya beloppet måste gälla från ett senare datum än versionen det ersätter (${row.valid_from})`, {
      issues: [{ path: 'valid_from', message: `Välj ett datum efter ${row.valid_from}`, code: 'custom' }],
    });
  }
  const clash = (await listFeeVersionRows(tx, row.org_id, row.code)).find((version) => version.valid_from === change.valid_from);
  if (clash) {
    throw new DomainError('CONFLICT', `${row.code} har redan en version som gäller från ${change.valid_from}`, { field: 'valid_from', id: clash.id });
  }
  return insertFeeCatalogueRow(tx, {
    org_id: row.org_id,
    code: row.code,
    name: change.name,
    amount: change.amount,
    tax_code: change.tax_code,
    valid_from: change.valid_from,
    is_active: row.is_active,
    created_at: now,
  });
}

/**
 * Edits a catalogue row (admin, finance). name and tax_code change in place; is_active switches
 * the whole code (every version, so switching off never brings an older amount back into force);
 * a different amount becomes a NEW version valid from valid_from (default today) and the edited
 * row keeps its amount. Returns the row written: the new version when one was made.
 */
export async function updateFee(ctx: OrgScope, id: string, input: FeeUpdateInput): Promise<FeeResponse> {
  requireScopePermission(ctx, 'finance.settings');
  const feeId = parseInput(idSchema, id);
  const parsed = parseInput(feeUpdateSchema, input);
  const orgId = ctx.membership.org_id;
  const today = ctx.app.clock.today();
  const now = ctx.app.clock.now();
  return ctx.app.database.transaction(async (tx) => {
    const before = await readFee(tx, orgId, feeId);
    const name = parsed.name ?? before.name;
    const taxCode = parsed.tax_code !== undefined ? parsed.tax_code : (before.tax_code ?? null);
    const amountOre = parsed.amount === undefined ? null : decimalToOre(parsed.amount);
    const isNewAmount = amountOre !== null && amountOre !== before.amount;
    const inPlace: Partial<FeeCatalogueEntryRow> = {};
    if (!isNewAmount && name !== before.name) inPlace.name = name;
    if (!isNewAmount && taxCode !== (before.tax_code ?? null)) inPlace.tax_code = taxCode;
    const isToggle = parsed.is_active !== undefined && parsed.is_active !== before.is_active;
    if (!isNewAmount && !isToggle && Object.keys(inPlace).length === 0) return await responseOf(tx, orgId, before, today);

    if (isToggle) {
      await setFeeCodeActive(tx, orgId, before.code, parsed.is_active!);
      await appendAudit(tx, {
        org_id: orgId,
        actor_id: auditActor(ctx),
        event: parsed.is_active ? 'fee.activated' : 'fee.deactivated',
        entity: 'fee_catalogue',
        entity_id: feeId,
        payload: { code: before.code },
        created_at: now,
      });
    }
    let written = await readFee(tx, orgId, feeId);
    if (isNewAmount) {
      assertFeeCatalogueAmount(before.code, amountOre);
      written = await insertVersion(tx, written, { amount: amountOre, valid_from: parsed.valid_from ?? today, name, tax_code: taxCode }, today, now);
      await appendAudit(tx, {
        org_id: orgId,
        actor_id: auditActor(ctx),
        event: 'fee.version_created',
        entity: 'fee_catalogue',
        entity_id: written.id,
        payload: {
          code: written.code,
          previous_id: feeId,
          previous_amount: oreToDecimal(before.amount as Ore),
          amount: oreToDecimal(written.amount as Ore),
          valid_from: written.valid_from,
        },
        created_at: now,
      });
    } else if (Object.keys(inPlace).length > 0) {
      written = (await updateFeeCatalogueRow(tx, orgId, feeId, inPlace))!;
      await appendAudit(tx, {
        org_id: orgId,
        actor_id: auditActor(ctx),
        event: 'fee.updated',
        entity: 'fee_catalogue',
        entity_id: feeId,
        payload: { code: before.code, changed: inPlace },
        created_at: now,
      });
    }
    return await responseOf(tx, orgId, written, today);
  });
}
