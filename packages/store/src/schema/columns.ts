import { blob as sqliteBlob, integer as sqliteInteger, text as sqliteText } from 'drizzle-orm/sqlite-core';
import {
  bigint as pgBigint,
  customType as pgCustomType,
  boolean as pgBoolean,
  date as pgDate,
  integer as pgInteger,
  json as pgJson,
  text as pgText,
} from 'drizzle-orm/pg-core';
import type { IsoDate, Ore } from '@fordran/core';
import { ColumnKind } from './table';
import { uuidV7 } from '../ids/uuid-v7';

/*
 * The column kinds every schema file uses, each written once for both engines (./table.ts). What a
 * kind stores, and why the PostgreSQL side reads back exactly the value SQLite does:
 *
 * | kind      | SQLite             | PostgreSQL              | value in TypeScript                  |
 * | text      | TEXT               | text                    | string (or the enum's union)         |
 * | integer   | INTEGER            | integer                 | number (counts, basis points, steps) |
 * | money     | INTEGER öre        | bigint, mode 'number'   | Ore: öre fit in 2^53                  |
 * | isoDate   | TEXT `YYYY-MM-DD`  | date, mode 'string'     | IsoDate: DateStyle ISO (openPgStore)  |
 * | instant   | TEXT ISO-8601 UTC  | text ISO-8601 UTC       | string, byte for byte as written     |
 * | json      | TEXT holding JSON  | json                    | the document, keys in written order  |
 * | flag      | INTEGER 0/1        | boolean                 | boolean                              |
 * | bytes     | BLOB               | bytea                   | Buffer, byte for byte                |
 *
 * Instants stay text on PostgreSQL: `toISOString()` text sorts chronologically, so the keyset
 * cursors and comparisons work the same on both engines, and the value read back is the string
 * written (a timestamptz would rewrite `…T09:00:00Z` as `…T09:00:00.000Z`). json (not jsonb) keeps
 * the document as written, key order included, where jsonb would reorder keys.
 *
 * Ids are TEXT uuids; the caller may pass its own (idempotency keys), otherwise a UUIDv7 is made
 * (../ids/uuid-v7.ts: ordering by id is the order of writing, on both engines).
 * Plain function declarations (not arrow consts) so they are usable while schema modules that
 * import each other are still initialising.
 */

/** Text; `{ enum }` types it as the union of the listed values (no CHECK constraint, see ./enums). */
export function text<TName extends string, U extends string, T extends Readonly<[U, ...U[]]>>(name: TName, config?: { enum?: T }) {
  return new ColumnKind(sqliteText(name, config), pgText(name, config));
}

/** A 32-bit integer that is not money: counts, versions, basis points, TOTP steps. */
export function integer<TName extends string>(name: TName) {
  return new ColumnKind(sqliteInteger(name), pgInteger(name));
}

/**
 * Primary key: a uuid text column named `id`, by default a UUIDv7 (sorts in the order of writing).
 * `random` gives a version-4 uuid instead, for ids whose first characters people read: a case's
 * message reference is the first 8 characters of its id (part 1 §9), and in a UUIDv7 those are the
 * time, the same for every case created within a minute.
 */
export function id(kind: 'ordered' | 'random' = 'ordered') {
  return text('id')
    .primaryKey()
    .$defaultFn(() => (kind === 'random' ? crypto.randomUUID() : uuidV7()));
}

/** Money in öre (1 kr = 100 öre), never a float. NOT NULL, no default: the caller states it. */
export function money(name: string) {
  return optionalMoney(name).notNull();
}

/** Money in öre that starts at zero and accumulates (case totals, ledger sides). */
export function moneyFromZero(name: string) {
  return money(name).default(0 as Ore);
}

/** Money in öre that may be unknown (e.g. a statement without a stated balance). */
export function optionalMoney(name: string) {
  return new ColumnKind(sqliteInteger(name, { mode: 'number' }), pgBigint(name, { mode: 'number' })).$type<Ore>();
}

/** A calendar date `YYYY-MM-DD` (no time, no zone). */
export function isoDate(name: string) {
  return new ColumnKind(sqliteText(name), pgDate(name, { mode: 'string' })).$type<IsoDate>();
}

/** An instant as ISO-8601 UTC text, e.g. `2026-11-22T09:30:00.000Z`. */
export function instant(name: string) {
  return text(name);
}

function nowIso(): string {
  return new Date().toISOString();
}

/** `created_at`: set on insert unless the caller passes its own clock's value. */
export function createdAt() {
  return text('created_at').notNull().$defaultFn(nowIso);
}

/** `updated_at`: set on insert and on every update that does not set it explicitly. */
export function updatedAt() {
  return text('updated_at').notNull().$defaultFn(nowIso).$onUpdateFn(nowIso);
}

/** A boolean: INTEGER 0/1 on SQLite, boolean on PostgreSQL. */
export function flag(name: string) {
  return new ColumnKind(sqliteInteger(name, { mode: 'boolean' }), pgBoolean(name));
}

/** A JSON document: TEXT on SQLite, json on PostgreSQL. */
export function json<T>(name: string) {
  return new ColumnKind(sqliteText(name, { mode: 'json' }), pgJson(name)).$type<T>();
}

/** drizzle's PostgreSQL dialect has no bytea builder: node-postgres reads and writes it as a Buffer. */
const pgBytea = pgCustomType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Binary content (a stored file's bytes): BLOB on SQLite, bytea on PostgreSQL; both drivers give a Buffer. */
export function bytes(name: string) {
  return new ColumnKind(sqliteBlob(name, { mode: 'buffer' }), pgBytea(name));
}
