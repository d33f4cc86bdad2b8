// `fordran kfm generate --all-ready` over the demo organisation (issue 12): KFM application files
// written per second by `generateKfmFiles` — per ready case (active, stage demand, no open KFM
// case) the pre-check, the snapshot, the XML with its SHA-256, the PDF, file storage and the
// rows, one transaction per case — after a dry run of the same cases (pre-check, snapshot and
// XML, nothing written). SQLite. Figures only.
import { createManualClock, generateKfmFiles, operatorContext, type KfmBatchResult } from '../src';
import { benchDatabase, openBenchApp } from '../../../scripts/bench-db';
import { measure, printTable, rssMiB } from '../../../scripts/bench-util';

/** Later than the seed's today (scripts/bench-db.ts): every inkassokrav of the demo went out 8 days before or more. */
const AS_OF = '2026-11-22';

/** The refusals, grouped by their first reason. */
function describeRefusals(result: KfmBatchResult): string {
  const reasons = new Map<string, number>();
  for (const {
    reasons: [first],
  } of result.refused)
    reasons.set(first ?? '?', (reasons.get(first ?? '?') ?? 0) + 1);
  return [...reasons].map(([reason, count]) => `${count} × '${reason}'`).join('; ') || 'none';
}

export async function run(): Promise<void> {
  const bench = await benchDatabase();
  const app = await openBenchApp(bench, createManualClock(`${AS_OF}T09:00:00.000Z`));
  try {
    // The demo posts its inkassokrav; a posted letter reaches the debtor three weekdays later (core demandReachedOn).
    const ctx = await operatorContext(app, bench.orgId);

    let dry: KfmBatchResult | null = null;
    const preview = await measure('generateKfmFiles dry run (pre-check, snapshot, XML; nothing written)', 0, async () => {
      dry = await generateKfmFiles(ctx, { case_ids: null, dry_run: true });
    });
    let written: KfmBatchResult | null = null;
    const generate = await measure('generateKfmFiles --all-ready (XML + SHA-256, PDF, file storage, rows; a transaction per case)', 0, async () => {
      written = await generateKfmFiles(ctx, { case_ids: null, dry_run: false });
    });
    const done = written! as KfmBatchResult;
    const previewed = dry! as KfmBatchResult;
    printTable(
      [
        { ...preview, count: previewed.files.length },
        { ...generate, count: done.files.length },
      ],
      'files',
    );
    console.log(
      `Run: ${done.files.length + done.refused.length} ready cases (active, stage demand, no open KFM case), ${done.files.length} files written, ` +
        `${done.refused.length} refused (${describeRefusals(done)}). rss ${rssMiB()} MiB.`,
    );
  } finally {
    await app.database.close();
  }
}
