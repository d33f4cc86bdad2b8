// The case API under concurrent load with 100 000 cases (issue 4): GET one case and the first
// page of the case list through the real app on a real HTTP port, beside a bare Hono route
// returning the same case row from a prepared statement, measured in the same run. Figures only.
// On SQLite and, when a server is available, on PostgreSQL (issue 17): the same measuring on each,
// the bare route's read being the engine's floor (scripts/bench-floor.ts).
//
// The servers run in a child process and the load generator (CONCURRENCY keep-alive workers)
// in this one, but both share the machine's 2 cores (with whatever else runs on it): the client's
// own cost is in every figure, most visibly in the bare route's, so the ratios are conservative.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { getCase, listCases, operatorContext, type SessionResponse } from '@fordran/services';
import { rawSql } from '@fordran/store/testing';
import { benchDatabases, engineName, openBenchApp, type BenchDatabase } from '../../scripts/bench-db';
import { benchFloor } from '../../scripts/bench-floor';
import type { CaseServersReady, CaseServersRequest } from './case-servers';

const CONCURRENCY = 32;
const SECONDS = Number(process.env.FORDRAN_BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 2;
const SAMPLE_IDS = 1000;
/** In-process calls of each use case, one at a time (no HTTP), to tell query time from the rest. */
const DIRECT_MAX_CALLS = 200;
const DIRECT_MAX_MS = 3000;

interface LoadResult {
  endpoint: string;
  requests: number;
  failed: number;
  firstFailure: string | null;
  seconds: number;
  latenciesMs: Float64Array;
}

/** Nearest-rank percentile of sorted latencies. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function get(agent: Agent, url: URL, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** CONCURRENCY workers, each sending its next request as soon as the last one is answered. */
async function load(endpoint: string, nextUrl: () => URL, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | null = null;
  const start = performance.now();
  const end = start + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      // A server that blocks its event loop for seconds lets keep-alive sockets time out under
      // requests already sent: such a reset counts as a failed request, and the agent reconnects.
      const outcome = await get(agent, nextUrl(), headers).catch((error: Error) => ({ status: 0, body: error.message }));
      latencies.push(performance.now() - sent);
      if (outcome.status !== 200) {
        failed += 1;
        firstFailure ??= `${outcome.status || 'error'} ${outcome.body.slice(0, 200)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { endpoint, requests: latencies.length, failed, firstFailure, seconds: elapsed, latenciesMs: Float64Array.from(latencies).sort() };
}

async function measureEndpoint(endpoint: string, nextUrl: () => URL, headers: Record<string, string>): Promise<LoadResult> {
  await load(endpoint, nextUrl, headers, WARM_UP_SECONDS);
  return load(endpoint, nextUrl, headers, SECONDS);
}

function startServers(bench: BenchDatabase): Promise<{ ready: CaseServersReady; stop: () => void }> {
  const child = fork(fileURLToPath(new URL('./case-servers.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`case-servers ended early (exit ${code})`)));
    child.once('message', (ready: CaseServersReady) => resolve({ ready, stop: () => child.disconnect() }));
    const message: CaseServersRequest = { dbPath: bench.dbPath, databaseUrl: bench.databaseUrl };
    child.send(message);
  });
}

async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${appUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as SessionResponse;
  return session.access_token;
}

/** A ratio to three significant figures, without exponent notation. */
function times(ratio: number): string {
  return ratio >= 100 ? String(Math.round(ratio)) : ratio.toPrecision(3);
}

/** Mean ms of `fn` over up to DIRECT_MAX_CALLS calls, stopping after about DIRECT_MAX_MS (at least 3 calls). */
async function directCall(label: string, fn: (i: number) => Promise<unknown>): Promise<string> {
  const start = performance.now();
  let calls = 0;
  while (calls < DIRECT_MAX_CALLS && (calls < 3 || performance.now() - start < DIRECT_MAX_MS)) await fn(calls++);
  return `${label} ${((performance.now() - start) / calls).toFixed(2)} ms (${calls} calls)`;
}

export async function run(): Promise<void> {
  for (const bench of await benchDatabases()) await runOn(bench);
}

async function runOn(bench: BenchDatabase): Promise<void> {
  const engine = engineName(bench.engine);
  console.log(`\n--- ${engine} ---`);
  const app = await openBenchApp(bench);
  const { driver } = benchFloor(app.database);
  let ids: string[];
  let direct: string[];
  try {
    ids = (await rawSql(app.database)<{ id: string }>('SELECT id FROM cases WHERE org_id = ? ORDER BY random() LIMIT ?', bench.orgId, SAMPLE_IDS)).map(
      (row) => row.id,
    );
    const ctx = await operatorContext(app, bench.orgId);
    direct = [
      await directCall('getCase', (i) => getCase(ctx, ids[i % ids.length]!)),
      await directCall('listCases first page', () => listCases(ctx, {})),
      // Not under load, for comparison: a free-text search (a common surname) and another sort.
      await directCall("listCases query 'Svensson'", () => listCases(ctx, { query: 'Svensson' })),
      await directCall('listCases sort due_date', () => listCases(ctx, { sort: 'due_date' })),
    ];
  } finally {
    await app.database.close();
  }

  const { ready, stop } = await startServers(bench);
  try {
    const auth = { authorization: `Bearer ${await signIn(ready.appUrl, bench.email, bench.password)}` };
    const randomId = () => ids[Math.floor(Math.random() * ids.length)]!;
    const casesPath = `/api/orgs/${bench.orgId}/cases`;
    const results: (LoadResult & { goal?: string })[] = [
      await measureEndpoint(`bare Hono route, prepared SELECT * FROM cases WHERE id = ? (${driver})`, () => new URL(`/cases/${randomId()}`, ready.bareUrl), {}),
      { ...(await measureEndpoint('GET /api/orgs/:orgId/cases/:id', () => new URL(`${casesPath}/${randomId()}`, ready.appUrl), auth)), goal: '≥ 0.5' },
      {
        ...(await measureEndpoint('GET /api/orgs/:orgId/cases (first page)', () => new URL(casesPath, ready.appUrl), auth)),
        goal: '≥ 0.3, p99 ≤ 50 ms',
      },
    ];

    console.log(
      `${engine}: ${CONCURRENCY} concurrent keep-alive clients, ${SECONDS} s per endpoint after ${WARM_UP_SECONDS} s warm-up, ids drawn from ${ids.length} random cases:`,
    );
    console.table(
      results.map((r) => ({
        engine,
        endpoint: r.endpoint,
        requests: r.requests,
        failed: r.failed,
        'req/s': Number((r.requests / r.seconds).toPrecision(3)),
        'p50 ms': Number(percentile(r.latenciesMs, 0.5).toFixed(1)),
        'p99 ms': Number(percentile(r.latenciesMs, 0.99).toFixed(1)),
      })),
    );
    for (const r of results) if (r.firstFailure) console.log(`  ${r.endpoint}: first failure ${r.firstFailure}`);
    const [bare, ...real] = results;
    for (const r of real) {
      const fewer = bare!.requests / bare!.seconds / (r.requests / r.seconds);
      const p99 = percentile(r.latenciesMs, 0.99) / percentile(bare!.latenciesMs, 0.99);
      console.log(
        `Ratio (${engine}) ${r.endpoint}: ${times(fewer)}× fewer req/s than the bare route (share ${(1 / fewer).toFixed(3)}, issue 15's goal ${r.goal}), p99 ${times(p99)}× the bare route's.`,
      );
    }
    console.log(`Service call alone (${engine}), in process, one at a time (mean): ${direct.join(', ')}.`);
  } finally {
    stop();
  }
}
