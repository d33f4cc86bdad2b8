/**
 * A one-line progress bar on stderr for long work (imports, interest runs). Silent when stderr is
 * not a terminal so logs and JSON output stay clean.
 */
export interface ProgressBar {
  update(done: number, total?: number): void;
  finish(): void;
}

export function createProgressBar(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): ProgressBar {
  let currentTotal = Math.max(total, 1);
  let lastDrawn = -1;
  const enabled = stream.isTTY === true;
  const draw = (done: number) => {
    const percent = Math.min(100, Math.floor((done / currentTotal) * 100));
    if (!enabled || percent === lastDrawn) return;
    lastDrawn = percent;
    const width = 30;
    const filled = Math.round((percent / 100) * width);
    stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}% (${done}/${currentTotal})`);
  };
  return {
    update(done, newTotal) {
      if (newTotal !== undefined) currentTotal = Math.max(newTotal, 1);
      draw(done);
    },
    finish() {
      if (enabled) stream.write('\n');
    },
  };
}
