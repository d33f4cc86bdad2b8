import { integer, text } from 'drizzle-orm/sqlite-core';
import type { IsoDate, Ore } from '@fordran/core';

/*
 * Column helpers shared by every schema file. Conventions (architecture.md, "packages/store"):
 * - ids are TEXT uuids; the caller may pass its own (idempotency keys), otherwise one is made;
 * - money is INTEGER öre, typed `Ore` so only checked amounts (`ore()`, `kronor()`) get in;
 * - calendar dates are TEXT `YYYY-MM-DD`; instants are TEXT ISO-8601 UTC (`toISOString()`);
 * - JSON is TEXT holding JSON (drizzle `mode: 'json'`), booleans are INTEGER 0/1.
 * Plain function declarations (not arrow consts) so they are usable while schema modules that
 * import each other are still initialising.
 */

/** Primary key: a uuid text column named `id`. */
export function id() {
  return text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
}

/** Money in öre (1 kr = 100 öre), never a float. NOT NULL, no default: the caller states it. */
export function money(name: string) {
  return integer(name, { mode: 'number' }).$type<Ore>().notNull();
}

/** Money in öre that starts at zero and accumulates (case totals, ledger sides). */
export function moneyFromZero(name: string) {
  return money(name).default(0 as Ore);
}

/** Money in öre that may be unknown (e.g. a statement without a stated balance). */
export function optionalMoney(name: string) {
  return integer(name, { mode: 'number' }).$type<Ore>();
}

/** A calendar date `YYYY-MM-DD` (no time, no zone). */
export function isoDate(name: string) {
  return text(name).$type<IsoDate>();
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

/** A boolean stored as INTEGER 0/1. */
export function flag(name: string) {
  return integer(name, { mode: 'boolean' });
}

/** A JSON document stored as TEXT. */
export function json<T>(name: string) {
  return text(name, { mode: 'json' }).$type<T>();
}
