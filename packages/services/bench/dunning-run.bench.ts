// The dunning run over the 100 000-case demo organisation (issue 11): messages rendered and queued
// per second by `runDunning` — each due step a transaction with its message, delivery row and
// job, fee, stage and record — beside a raw insert of the same rows through the engine's driver
// in the same run, one transaction per message as the run commits. On SQLite and, when a server is
// available, on PostgreSQL (the raw inserts being the engine's floor, scripts/bench-floor.ts).
// Figures only.
import { createManualClock, operatorContext, runDunning, saveDunningPlan, type DunningRunResult } from '../src';
import { rawSql } from '@fordran/store/testing';
import { benchDatabases, engineName, openBenchApp, type BenchDatabase } from '../../../scripts/bench-db';
import { benchFloor, newestIds, takeBackWrittenRows, type WritePlan, type WrittenRows as WrittenRowsOf } from '../../../scripts/bench-floor';
import { measure, perSecond, printTable, rssMiB } from '../../../scripts/bench-util';

/** A month after the seed's today (scripts/bench-db.ts): the demo's cases have moved on since. */
const AS_OF = '2026-10-01';
/** The tables a run writes, in foreign-key order. */
const WRITTEN_TABLES = [
  'communications',
  'comm_deliveries',
  'job_queue',
  'case_fees',
  'gl_journals',
  'gl_entries',
  'case_events',
  'dunning_case_steps',
  'audit_logs',
] as const;

/**
 * The default plan and a third step of the demand stage — 'Inför ansökan hos Kronofogden' 60 days
 * past due, by letter — so that cases the demo already took to Inkassokrav have a step due too.
 */
const BENCH_PLAN = [
  { name: 'Påminnelse', days_past_due: 10, template_code: 'REMINDER_LETTER', channel: 'letter', fee_code: 'REMINDER_60', stage: 'reminder' },
  { name: 'Inkassokrav', days_past_due: 25, template_code: 'DEMAND_LETTER', channel: 'letter', fee_code: 'COLLECTION_180', stage: 'demand' },
  { name: 'Inför ansökan hos Kronofogden', days_past_due: 60, template_code: 'KFM_NOTICE_LETTER', channel: 'letter', fee_code: null, stage: null },
] as const;

type Row = Record<string, unknown>;
type WrittenRows = WrittenRowsOf<(typeof WRITTEN_TABLES)[number]>;

/**
 * The raw writes: one prepared INSERT per table and one UPDATE of the case per message (the run
 * updates its stage or totals), in as many transactions as messages, each table's rows in the same
 * share. The values are laid out here, so the floor measures only the writes.
 */
function rawWritePlan(written: WrittenRows, messages: number): WritePlan {
  const tables = WRITTEN_TABLES.filter((table) => written[table].length > 0);
  const columns = tables.map((table) => Object.keys(written[table][0]!));
  const statements = [
    ...tables.map((table, t) => `INSERT INTO ${table} (${columns[t]!.join(', ')}) VALUES (${columns[t]!.map(() => '?').join(', ')})`),
    'UPDATE cases SET updated_at = ? WHERE id = ?',
  ];
  const updateCase = tables.length;
  const slice = (list: Row[], from: number) => list.slice(Math.floor((from * list.length) / messages), Math.floor(((from + 1) * list.length) / messages));
  const transactions: WritePlan['transactions'] = [];
  for (let k = 0; k < messages; k += 1) {
    transactions.push([
      ...tables.flatMap((table, t) => slice(written[table], k).map((row) => [t, columns[t]!.map((column) => row[column])] as [number, unknown[]])),
      ...slice(written.dunning_case_steps, k).map((step) => [updateCase, [step.created_at, step.case_id]] as [number, unknown[]]),
    ]);
  }
  return { statements, transactions };
}

function describeRun(result: DunningRunResult): string {
  const reasons = new Map<string, number>();
  for (const { reason } of result.skipped) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  const charged = result.fees.filter((fee) => fee.status === 'charged').length;
  return (
    `${result.cases_seen} cases looked at, ${result.messages.length} messages, ${charged} fees charged, ${result.fees.length - charged} waiting for their inkassokrav, ` +
    `${result.skipped.length} skipped (${[...reasons].map(([reason, count]) => `${reason} ${count}`).join(', ') || 'none'})`
  );
}

export async function run(): Promise<void> {
  for (const bench of await benchDatabases()) await runOn(bench);
}

async function runOn(bench: BenchDatabase): Promise<void> {
  const engine = engineName(bench.engine);
  console.log(`\n--- ${engine} ---`);
  const app = await openBenchApp(bench, createManualClock(`${AS_OF}T05:00:00.000Z`));
  try {
    const sql = rawSql(app.database);
    const floor = benchFloor(app.database);
    const ctx = await operatorContext(app, bench.orgId);
    await saveDunningPlan(ctx, null, { steps: [...BENCH_PLAN] });

    let listed = 0;
    const dry = await measure('runDunning dry run (decide and render, nothing written)', 0, async () => {
      listed = (await runDunning(ctx, { dry_run: true })).messages.length;
    });
    const before = await newestIds(sql, WRITTEN_TABLES);
    let result: DunningRunResult | null = null;
    const timed = await measure('runDunning (render, queue, fee, stage, record; a transaction per message)', 0, async () => {
      result = await runDunning(ctx, {});
    });
    const done = result!;
    const messages = done.messages.length;
    const rows = [{ ...timed, count: messages }];
    console.log(`Run (${engine}): ${describeRun(done)}.`);

    const written = await takeBackWrittenRows(sql, WRITTEN_TABLES, before);
    const plan = rawWritePlan(written, Math.max(1, messages));
    const rawRows = WRITTEN_TABLES.reduce((sum, table) => sum + written[table].length, 0);
    rows.push(await measure(`raw ${floor.driver} INSERT of the same ${rawRows} rows + ${messages} case UPDATEs`, messages, () => floor.write(plan)));

    printTable([{ ...dry, count: listed }, ...rows], 'messages', engine);
    console.log(`Rows written: ${WRITTEN_TABLES.map((table) => `${written[table].length} ${table}`).join(', ')}.`);
    const ratio = perSecond(rows[1]!) / perSecond(rows[0]!);
    console.log(
      `Ratio (${engine}): the run renders and queues ${Math.round(perSecond(rows[0]!))} messages/s, the raw inserts ${Math.round(perSecond(rows[1]!))}/s: ` +
        `the run is ${ratio.toFixed(1)}× slower (share ${(1 / ratio).toFixed(3)}) (it also reads each due case's state, renders its letter with the ` +
        `interest per period, checks the rules, the opt-out and the duplicate hash, decides the fee and checks the journal). rss ${rssMiB()} MiB.`,
    );
  } finally {
    await app.database.close();
  }
}
