// Whether the built UI (ui/dist) is older than its sources, and building it. Shared by `npm start`
// (scripts/start.mjs) and the browser tests (ui/e2e/harness.ts), so neither serves a stale UI.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * What the UI build reads, relative to the repository root: the UI, and the parts of core it runs
 * in the browser (@fordran/core/money and /dates, which import the error catalogue).
 */
const UI_SOURCES = [
  'ui/src',
  'ui/index.html',
  'ui/vite.config.ts',
  'ui/package.json',
  'packages/core/src/money',
  'packages/core/src/dates',
  'packages/core/src/errors.ts',
  'packages/core/package.json',
];

/** The newest modification time (ms) of a file, or of any file below a folder; 0 when absent. */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** True when ui/dist/index.html is missing or older than any UI source file. */
export function uiBuildIsStale(root) {
  const built = join(root, 'ui/dist/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return UI_SOURCES.some((source) => newestChange(join(root, source)) > builtAt);
}

/** Runs the UI build (vite); returns its exit status and output. */
export function buildUi(root, options = {}) {
  const result = spawnSync('npm', ['run', 'build', '-w', '@fordran/ui'], {
    cwd: root,
    encoding: 'utf8',
    stdio: options.inheritOutput ? 'inherit' : 'pipe',
  });
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}
