import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateDrizzleJson, generateMigration, generateSQLiteDrizzleJson, generateSQLiteMigration } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MIGRATIONS_FOLDER } from './open-store';
import { DEFAULT_PG_MIGRATIONS_FOLDER } from './open-pg-store';
import * as sqliteSchema from './schema';
import * as pgSchema from './schema/pg';

// A schema change needs a migration for each engine (docs/architecture.md). drizzle-kit compares
// the schema with the newest committed snapshot, as `db:generate` and `db:generate:pg` do, and must
// find nothing to generate; no PostgreSQL server needed, so a forgotten pg migration fails here too.

/** The snapshot of the newest migration in a drizzle-kit migrations folder. */
function newestSnapshot<T>(folder: string): T & { id: string } {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const newest = journal.entries.at(-1);
  if (!newest) throw new Error(`no migrations in ${folder}`);
  return JSON.parse(readFileSync(join(folder, 'meta', `${String(newest.idx).padStart(4, '0')}_snapshot.json`), 'utf8')) as T & { id: string };
}

describe('committed migrations', () => {
  it('SQLite: the migrations hold the whole schema (drizzle-kit would generate nothing)', async () => {
    const committed = newestSnapshot<Parameters<typeof generateSQLiteMigration>[0]>(DEFAULT_MIGRATIONS_FOLDER);
    const current = await generateSQLiteDrizzleJson(sqliteSchema, committed.id);
    expect(await generateSQLiteMigration(committed, current)).toEqual([]);
  });

  it('PostgreSQL: the migrations hold the whole schema (drizzle-kit would generate nothing)', async () => {
    const committed = newestSnapshot<Parameters<typeof generateMigration>[0]>(DEFAULT_PG_MIGRATIONS_FOLDER);
    const current = generateDrizzleJson(pgSchema, committed.id);
    expect(await generateMigration(committed, current)).toEqual([]);
  });
});
