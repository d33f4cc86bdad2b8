// PostgreSQL for the benchmarks (issue 17): a copy of the seeded SQLite bench database in a new
// database of its own, on the server FORDRAN_BENCH_DATABASE_URL names, or, when that is unset and
// Debian's PostgreSQL server is installed, on a throw-away cluster started by
// scripts/test-postgres.sh and stopped when the process exits. Neither: the PostgreSQL part is
// skipped. Figures only; nothing here asserts anything about time.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { copyDatabase, openSqliteDatabase } from '@fordran/store';
import { createTestDatabase, type TestDatabase } from '@fordran/store/testing';

const TEST_POSTGRES = fileURLToPath(new URL('./test-postgres.sh', import.meta.url));
const DEBIAN_POSTGRESQL = '/usr/lib/postgresql';

export const POSTGRES_SKIPPED =
  'PostgreSQL part skipped: no server. Set FORDRAN_BENCH_DATABASE_URL=postgres://user@host:port/db (a server the bench may ' +
  "create a database on), or install Debian's PostgreSQL server (apt-get install postgresql) for a throw-away cluster.";

/** The newest Debian PostgreSQL server's binaries (`/usr/lib/postgresql/<major>/bin`), or null. */
function debianServerBinaries(): string | null {
  if (!existsSync(DEBIAN_POSTGRESQL)) return null;
  const majors = readdirSync(DEBIAN_POSTGRESQL)
    .filter((major) => existsSync(join(DEBIAN_POSTGRESQL, major, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(DEBIAN_POSTGRESQL, majors[0], 'bin') : null;
}

/** Starts a throw-away cluster (scripts/test-postgres.sh) that is stopped and deleted when this process exits; its server URL. */
function startThrowAwayCluster(binaries: string): string {
  const env = { ...process.env, PG_BIN: binaries };
  const exports = execFileSync(TEST_POSTGRES, ['start'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const exported = (name: string) => new RegExp(`^export ${name}=(.+)$`, 'm').exec(exports)?.[1];
  const url = exported('FORDRAN_TEST_DATABASE_URL');
  const dir = exported('FORDRAN_TEST_PG_DIR');
  if (!url || !dir) throw new Error(`scripts/test-postgres.sh start printed no server:\n${exports}`);
  // On every way out, an uncaught error and Ctrl-C included ('exit' handlers run only synchronous code).
  process.once('exit', () => execFileSync(TEST_POSTGRES, ['stop', dir], { env, stdio: 'ignore' }));
  console.log(`PostgreSQL: a throw-away cluster of ${binaries} on ${url}`);
  return url;
}

/** FORDRAN_BENCH_DATABASE_URL, else a throw-away cluster's URL, else null. */
function benchServer(): string | null {
  const configured = process.env.FORDRAN_BENCH_DATABASE_URL;
  if (configured) return configured;
  const binaries = debianServerBinaries();
  return binaries ? startThrowAwayCluster(binaries) : null;
}

/**
 * A new database on the bench's PostgreSQL server holding a copy of the SQLite database at
 * `dbPath` (`copyDatabase`, what `fordran db copy` does, checked), or null (saying so) without a
 * server. The caller drops it.
 */
export async function copyToPostgres(dbPath: string): Promise<TestDatabase | null> {
  const server = benchServer();
  if (!server) {
    console.log(POSTGRES_SKIPPED);
    return null;
  }
  const database = await createTestDatabase({ server, prefix: 'fordran_bench' });
  const source = openSqliteDatabase(dbPath);
  try {
    const start = performance.now();
    const report = await copyDatabase(source, database.url);
    if (!report.equal) throw new Error(`The PostgreSQL copy of the bench database differs from it: ${JSON.stringify(report.tables)}`);
    const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`PostgreSQL bench database: copied ${rows} rows in ${((performance.now() - start) / 1000).toFixed(1)} s (copyDatabase)`);
    return database;
  } catch (error) {
    await database.drop();
    throw error;
  } finally {
    await source.close();
  }
}
