/**
 * Browser-test harness: builds the UI once, starts the real server (API + built UI) on a temp
 * SQLite file and a free port, and drives Debian's Chromium with playwright-core.
 * When /usr/bin/chromium is missing the suites skip with a message (CI installs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildUi as buildUiFiles, uiBuildIsStale } from '../../scripts/ui-build.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
export const SKIP_MESSAGE = `Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS_DIR = join(ROOT, 'artifacts', 'e2e');

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Swedish browser language, as Swedish users have it. The app's date fields are text fields
  // (YYYY-MM-DD in any language); money-input.e2e runs an en-US page to show that.
  '--lang=sv-SE',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const BUILD_LOCK = join(ROOT, 'artifacts', '.ui-build.lock');
/** A lock older than this belongs to a run that died; it is taken over. */
const STALE_LOCK_MS = 5 * 60_000;

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Builds ui/dist when it is missing or older than its sources. Browser test files run in parallel
 * workers: one builds under a lock (a folder, created atomically) while the others wait, then find
 * the build fresh. A vite build empties dist/ first, so two at once would break each other.
 */
export function buildUi(): void {
  mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      const lock = statSync(BUILD_LOCK, { throwIfNoEntry: false });
      if (lock && Date.now() - lock.mtimeMs > STALE_LOCK_MS) rmSync(BUILD_LOCK, { recursive: true, force: true });
      else sleepSync(250);
    }
  }
  try {
    if (!uiBuildIsStale(ROOT)) return;
    const result = buildUiFiles(ROOT);
    if (result.status !== 0) throw new Error(`UI build failed:\n${result.output}`);
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

export interface RunningApp {
  url: string;
  dbPath: string;
  stop(): Promise<void>;
}

/** Starts `api/src/main.ts` as a child process, as `npm start` does, and waits for /api/health. */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'fordran-e2e-'));
  const port = await freePort();
  const dbPath = join(dir, 'fordran.db');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'api/src/main.ts')], {
    cwd: ROOT,
    // The daily dunning run stays off unless a test turns it on: it would send steps the test did not ask for.
    env: { ...process.env, PORT: String(port), FORDRAN_DB: dbPath, FORDRAN_DATA_DIR: dir, FORDRAN_DUNNING_TIME: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dbPath,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/**
 * Saves a screenshot as artifacts/e2e/<name>.png (look at them): the full page from the top, or
 * only the window (`fullPage: false`) when a dialog is open, since its overlay covers the window.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  const fullPage = options.fullPage ?? true;
  // A scrolled page photographed whole draws its sticky side menu and top bar mid-page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  // Animations are finished first, so an opening dialog is not caught half transparent.
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}
