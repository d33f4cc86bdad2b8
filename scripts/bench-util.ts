// Small helpers shared by the benchmarks: wall-clock and memory figures, printed, never asserted.
import { performance } from 'node:perf_hooks';

export interface Measurement {
  label: string;
  ms: number;
  count: number;
}

/** Runs `fn` once, returns elapsed milliseconds for `count` units of work. */
export async function measure(label: string, count: number, fn: () => unknown | Promise<unknown>): Promise<Measurement> {
  const start = performance.now();
  await fn();
  return { label, ms: performance.now() - start, count };
}

export function perSecond(m: Measurement): number {
  return m.count / (m.ms / 1000);
}

/** The measurements as a table; with `engine`, each row names the database engine it ran on. */
export function printTable(rows: Measurement[], unit: string, engine?: string): void {
  console.table(
    rows.map((m) => ({
      ...(engine ? { engine } : {}),
      what: m.label,
      [unit]: m.count,
      'ms total': Math.round(m.ms),
      [`${unit}/s`]: Math.round(perSecond(m)),
    })),
  );
}

export function heapMiB(): number {
  return Math.round(process.memoryUsage().heapUsed / 1024 / 1024);
}

export function rssMiB(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}
