// Bank-file import at scale (issue 5): a generated BgMax file of 100 000 payments into the
// 100 000-case demo organisation — matching, allocation and ledger — as payments/s and peak
// memory, beside a raw better-sqlite3 insert of the same rows the import wrote (payments,
// allocations, ledger journals and entries, the case updates) in the same run. Figures only.
import { and, eq, inArray } from 'drizzle-orm';
import { encodeBankFileLatin1 } from '@fordran/core';
import { generateBankFileForCases } from '@fordran/fixtures';
import { cases } from '@fordran/store';
import { createManualClock, importBankFile, operatorContext } from '../src';
import { benchDatabase, openBenchApp } from '../../../scripts/bench-db';
import { heapMiB, measure, perSecond, printTable, rssMiB, type Measurement } from '../../../scripts/bench-util';

/** FORDRAN_BENCH_PAYMENTS=10000 imports a smaller file for a quick look. */
const PAYMENTS = Number(process.env.FORDRAN_BENCH_PAYMENTS ?? 100_000);
const PAID_AT = '2026-09-01';
/** The tables the import writes, in foreign-key order, and how many of their rows are the import's. */
const WRITTEN_TABLES = ['payments', 'payment_allocations', 'gl_journals', 'gl_entries', 'case_events'] as const;

/** Samples heap and rss every 50 ms while the import runs (it yields between batches). */
function memoryPeaks(): { stop(): { heapMiB: number; rssMiB: number } } {
  let heap = heapMiB();
  let rss = rssMiB();
  const timer = setInterval(() => {
    heap = Math.max(heap, heapMiB());
    rss = Math.max(rss, rssMiB());
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      return { heapMiB: Math.max(heap, heapMiB()), rssMiB: Math.max(rss, rssMiB()) };
    },
  };
}

export async function run(): Promise<void> {
  const bench = await benchDatabase();
  const app = openBenchApp(bench.dbPath, createManualClock(`${PAID_AT}T12:00:00.000Z`));
  try {
    const { db, sqlite } = app.store;
    const orgId = bench.orgId;

    // The file: every open case with an OCR paid (in full, in part or too much), the rest of the
    // 100 000 lines with OCR references no case has (booked unmatched).
    const open = db
      .select({ id: cases.id, ocr_reference: cases.ocr_reference, total_outstanding: cases.total_outstanding })
      .from(cases)
      .where(and(eq(cases.org_id, orgId), inArray(cases.status, ['active', 'draft'])))
      .all();
    const payable = open.filter((row) => row.ocr_reference && row.total_outstanding > 0).length;
    const share = Math.min(1, (PAYMENTS * 0.67) / Math.max(1, payable));
    const file = generateBankFileForCases(open, { seed: 7, paid_at: PAID_AT, share, unknownCount: Math.max(0, PAYMENTS - Math.round(payable * share)) });
    const bytes = encodeBankFileLatin1(file.text);
    console.log(
      `BgMax file: ${file.payments.length} payments (${file.payments.filter((p) => p.case_id).length} to open cases, the rest to unknown OCRs), ${(bytes.length / 1024 / 1024).toFixed(1)} MiB`,
    );

    const before = Object.fromEntries(
      WRITTEN_TABLES.map((table) => [table, (sqlite.prepare(`SELECT max(rowid) AS n FROM ${table}`).get() as { n: number | null }).n ?? 0]),
    );
    const peaks = memoryPeaks();
    const heapBefore = heapMiB();
    let summary: Awaited<ReturnType<typeof importBankFile>> | null = null;
    const rows: Measurement[] = [];
    rows.push(
      await measure('importBankFile (parse twice, match, allocate, ledger)', file.payments.length, async () => {
        summary = await importBankFile(operatorContext(app, orgId), { file_name: 'bench-bgmax.txt', bytes });
      }),
    );
    const memory = peaks.stop();
    const result = summary!;
    console.log(`Import: ${Math.round(rows[0]!.ms / 1000)} s, ${Math.round(perSecond(rows[0]!))} payments/s.`);

    // The same rows written raw: what the import wrote is read back, deleted (children first) and
    // inserted again into the same tables — same indexes, same ids — with one prepared INSERT per
    // table, plus one prepared UPDATE of the case totals per allocation, in transactions of the
    // import's size (500 payments).
    const written = Object.fromEntries(
      WRITTEN_TABLES.map((table) => [table, sqlite.prepare(`SELECT * FROM ${table} WHERE rowid > ?`).all(before[table]) as Record<string, unknown>[]]),
    );
    // Unmeasured set-up, so without foreign-key checks: deleting a journal would otherwise scan
    // every journal for one reversing it (nothing indexes that column; journals are never deleted).
    sqlite.pragma('foreign_keys = OFF');
    sqlite.transaction(() => {
      for (const table of [...WRITTEN_TABLES].reverse()) sqlite.prepare(`DELETE FROM ${table} WHERE rowid > ?`).run(before[table]);
    })();
    sqlite.pragma('foreign_keys = ON');
    const inserts = WRITTEN_TABLES.map((table) => {
      const columns = Object.keys(written[table]![0] ?? {});
      return { table, columns, statement: sqlite.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`) };
    });
    const updateCase = sqlite.prepare(
      'UPDATE cases SET amount_paid_total = amount_paid_total + ?, total_outstanding = total_outstanding - ?, updated_at = ? WHERE id = ?',
    );
    const rawRows = WRITTEN_TABLES.reduce((sum, table) => sum + written[table]!.length, 0);
    const allocations = written.payment_allocations!;
    const slice = (list: readonly unknown[], from: number, to: number) =>
      list.slice(Math.floor((from * list.length) / file.payments.length), Math.floor((to * list.length) / file.payments.length));
    rows.push(
      await measure(`raw better-sqlite3 INSERT of the same ${rawRows} rows + ${allocations.length} case UPDATEs`, file.payments.length, () => {
        const batch = sqlite.transaction((from: number, to: number) => {
          for (const { table, columns, statement } of inserts) {
            for (const row of slice(written[table]!, from, to) as Record<string, unknown>[]) statement.run(...columns.map((column) => row[column]));
          }
          for (const allocation of slice(allocations, from, to) as Record<string, unknown>[])
            updateCase.run(allocation.amount, allocation.amount, PAID_AT, allocation.case_id);
        });
        for (let from = 0; from < file.payments.length; from += 500) batch(from, Math.min(file.payments.length, from + 500));
      }),
    );

    printTable(rows, 'payments');
    console.log(
      `Import: ${result.payments} payments, ${result.matched} matched (${result.allocated} allocated, ${result.partially_allocated} with a remainder), ` +
        `${result.unmatched} unmatched, ${result.duplicates} duplicates, ${result.errors.length} findings; total ${result.total_amount} kr; statement ${result.reconciliation_status}.`,
    );
    console.log(`Rows written: ${WRITTEN_TABLES.map((table) => `${written[table]!.length} ${table}`).join(', ')}.`);
    const ratio = perSecond(rows[1]!) / perSecond(rows[0]!);
    console.log(
      `Ratio: the import books ${Math.round(perSecond(rows[0]!))} payments/s, the raw inserts ${Math.round(perSecond(rows[1]!))}/s: the import is ${ratio.toFixed(1)}× slower ` +
        '(it also parses the file twice, matches every line against 100 000 cases, splits each payment, checks and builds every journal, and reconciles the statement).',
    );
    console.log(
      `Memory: heap ${heapBefore} MiB before, peak ${memory.heapMiB} MiB; peak rss ${memory.rssMiB} MiB (the file itself is ${(bytes.length / 1024 / 1024).toFixed(1)} MiB).`,
    );
  } finally {
    app.store.close();
  }
}
