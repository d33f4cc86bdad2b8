// The database the case benchmarks share: a temp SQLite file with the 'large' demo organisation
// (100 000 cases) from `seedDemo`, seeded once per `npm run bench` process and removed when the
// process exits. Figures only; nothing here asserts anything about time.
// FORDRAN_BENCH_CASES=5000 seeds fewer cases instead, for a quick look while changing a bench.
// FORDRAN_BENCH_CACHE=<folder> keeps a pristine copy of the seeded database there and copies it
// on later runs instead of seeding again (the seed takes most of an hour; the benches change their copy).
// The benches that compare engines also get a PostgreSQL copy of it (./bench-postgres.ts).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seedDemo } from '@fordran/fixtures';
import { createManualClock, openAppContext, type AppContext, type Clock } from '@fordran/services';
import type { Engine, SqliteDatabase } from '@fordran/store';
import type { TestDatabase } from '@fordran/store/testing';
import { heapMiB, rssMiB } from './bench-util';
import { copyToPostgres } from './bench-postgres';

/** The seed's "today": the demo cases carry interest calculated to this date. */
export const BENCH_SEED_INSTANT = '2026-09-01T08:00:00.000Z';
const SECRET = 'bench-secret-that-is-long-enough-0123456789';

/** Plain data, so a bench can hand it to a server process it starts. */
export interface BenchDatabase {
  engine: Engine;
  /** The SQLite file; on PostgreSQL the folder beside it is the app's data folder. */
  dbPath: string;
  /** The PostgreSQL copy's URL (engine 'postgres'). */
  databaseUrl?: string;
  orgId: string;
  /** The demo admin (role admin in the organisation) and the password the seed printed. */
  email: string;
  password: string;
}

/** The services over a bench database, in any process (close with `await app.database.close()`). */
export function openBenchApp(bench: Pick<BenchDatabase, 'dbPath' | 'databaseUrl'>, clock?: Clock): Promise<AppContext> {
  const { dbPath, databaseUrl } = bench;
  return openAppContext({
    dbPath,
    ...(databaseUrl ? { databaseUrl } : {}),
    dataDir: dirname(dbPath),
    secret: SECRET,
    registerUrl: null,
    ...(clock ? { clock } : {}),
  });
}

/** The engine's name in the benches' headings and tables. */
export function engineName(engine: Engine): string {
  return engine === 'sqlite' ? 'SQLite' : 'PostgreSQL';
}

let seeded: Promise<BenchDatabase> | null = null;

function benchSize(): 'large' | { cases: number } {
  const wanted = process.env.FORDRAN_BENCH_CASES;
  if (!wanted) return 'large';
  const cases = Number(wanted);
  if (!Number.isInteger(cases) || cases < 1) throw new Error(`FORDRAN_BENCH_CASES must be a whole number of cases, not "${wanted}"`);
  return { cases };
}

interface SeededInfo {
  size: ReturnType<typeof benchSize>;
  orgId: string;
  email: string;
  password: string;
}

/** The cached seed in `cacheDir` when it was made for `size`, else null. */
function readCache(cacheDir: string, size: SeededInfo['size']): SeededInfo | null {
  const infoPath = join(cacheDir, 'bench.json');
  if (!existsSync(infoPath) || !existsSync(join(cacheDir, 'bench.db'))) return null;
  const info = JSON.parse(readFileSync(infoPath, 'utf8')) as SeededInfo;
  return JSON.stringify(info.size) === JSON.stringify(size) ? info : null;
}

function megabytes(path: string): number {
  try {
    return Math.round(statSync(path).size / 1024 / 1024);
  } catch {
    return 0;
  }
}

async function seedBenchDatabase(): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'fordran-bench-'));
  // Runs on normal exit and after an uncaught error; Ctrl-C exits through it too.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  process.once('SIGINT', () => void releaseBenchDatabases().finally(() => process.exit(130)));
  const dbPath = join(dir, 'bench.db');
  const size = benchSize();
  const cacheDir = process.env.FORDRAN_BENCH_CACHE;
  const cached = cacheDir ? readCache(cacheDir, size) : null;
  if (cacheDir && cached) {
    const start = performance.now();
    copyFileSync(join(cacheDir, 'bench.db'), dbPath);
    console.log(
      `Bench database: copied the seeded database from ${cacheDir} in ${((performance.now() - start) / 1000).toFixed(1)} s (${megabytes(dbPath)} MiB)`,
    );
    return { engine: 'sqlite', dbPath, orgId: cached.orgId, email: cached.email, password: cached.password };
  }

  const app = await openBenchApp({ dbPath }, createManualClock(BENCH_SEED_INSTANT));
  const sqlite = (app.database as SqliteDatabase).sqlite;
  // Setup only, not measured: a 256 MiB page cache for the writing connection (the app's is 64 MiB)
  // keeps more of the growing database in memory while a hundred thousand cases are seeded.
  sqlite.pragma('cache_size = -262144');
  let seededDb: BenchDatabase;
  try {
    const start = performance.now();
    let lastReport = 0;
    const result = await seedDemo(app, { seed: 1, size }, (done, total) => {
      if (done - lastReport >= 25_000 || done === total) {
        lastReport = done;
        console.log(`  seeding ${done} / ${total} cases (heap ${heapMiB()} MiB)`);
      }
    });
    // No ANALYZE: the app never runs it, so the query plans measured are the ones it gets.
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `Bench database: ${result.counts.cases} cases, ${result.counts.parties} parties, ${result.counts.gl_entries} ledger entries in ` +
        `${seconds.toFixed(1)} s (seedDemo), ${megabytes(dbPath)} MiB on disk, rss ${rssMiB()} MiB`,
    );
    seededDb = { engine: 'sqlite', dbPath, orgId: result.org_id, email: result.email, password: result.password };
  } finally {
    await app.database.close();
  }
  if (cacheDir) {
    mkdirSync(cacheDir, { recursive: true });
    copyFileSync(dbPath, join(cacheDir, 'bench.db'));
    const info: SeededInfo = { size, orgId: seededDb.orgId, email: seededDb.email, password: seededDb.password };
    writeFileSync(join(cacheDir, 'bench.json'), `${JSON.stringify(info, null, 2)}\n`);
    console.log(`  kept a copy in ${cacheDir} for later runs (FORDRAN_BENCH_CACHE)`);
  }
  return seededDb;
}

/** The seeded bench database: the first call seeds it (45 minutes or more for 100 000 cases on the 2-core machine), later calls reuse it. */
export function benchDatabase(): Promise<BenchDatabase> {
  seeded ??= seedBenchDatabase();
  return seeded;
}

let postgres: Promise<TestDatabase | null> | null = null;

/**
 * The bench database on every engine there is: the SQLite one and, when a PostgreSQL server is
 * available (./bench-postgres.ts), its copy there. The copy is made on the first call, from the
 * SQLite database as it is then, so a bench calls this before it writes anything: both engines
 * start from the same rows.
 */
export async function benchDatabases(): Promise<BenchDatabase[]> {
  const sqlite = await benchDatabase();
  postgres ??= copyToPostgres(sqlite.dbPath);
  const copy = await postgres;
  return copy ? [sqlite, { ...sqlite, engine: 'postgres', databaseUrl: copy.url }] : [sqlite];
}

/** Drops the PostgreSQL copy, if one was made (the runner calls this when the benches end; a throw-away cluster goes on exit). */
export async function releaseBenchDatabases(): Promise<void> {
  const copy = await postgres?.catch(() => null);
  postgres = null;
  await copy?.drop();
}
