// Whether the built UI (ui/dist) is older than its sources, and building it. Shared by `npm start`
// (scripts/start.mjs) and the browser tests (ui/e2e/harness.ts), so neither serves a stale UI.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * What the UI build reads, relative to the repository root: the UI, and the parts of core it runs
 * in the browser (@fordran/core/money and /dates, which import the error catalogue, and
 * @fordran/core/labels with the modules it reads: eslint.config.js lists the same).
 */
const UI_SOURCES = [
  'ui/src',
  'ui/index.html',
  'ui/vite.config.ts',
  'ui/package.json',
  'packages/core/src/money',
  'packages/core/src/dates',
  'packages/core/src/errors.ts',
  'packages/core/src/labels.ts',
  'packages/core/src/cases',
  'packages/core/src/directory',
  'packages/core/src/organisation',
  'packages/core/src/rules/rule-model.ts',
  'packages/core/src/ledger/ledger-codes.ts',
  'packages/core/src/bank-files/bank-codes.ts',
  'packages/core/src/matching/match-reasons.ts',
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

/** True when ui/dist holds a production build (its build-mode.json, written by ui/vite.config.ts, says so). */
export function uiBuildIsProduction(root) {
  try {
    return JSON.parse(readFileSync(join(root, 'ui/dist/build-mode.json'), 'utf8')).production === true;
  } catch {
    return false;
  }
}

/** True when ui/dist/index.html is missing, not a production build, or older than any UI source file. */
export function uiBuildIsStale(root) {
  const built = join(root, 'ui/dist/index.html');
  if (!existsSync(built) || !uiBuildIsProduction(root)) return true;
  const builtAt = statSync(built).mtimeMs;
  return UI_SOURCES.some((source) => newestChange(join(root, source)) > builtAt);
}

/**
 * Runs the UI build (vite) for production; returns its exit status and output. NODE_ENV is set
 * whatever the caller's is: under the test runner (NODE_ENV=test) vite would otherwise bundle
 * React's development build, and `npm start` would serve it.
 */
export function buildUi(root, options = {}) {
  const result = spawnSync('npm', ['run', 'build', '-w', '@fordran/ui'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: options.inheritOutput ? 'inherit' : 'pipe',
  });
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}
