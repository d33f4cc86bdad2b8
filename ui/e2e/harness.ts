/**
 * Browser-test harness: builds the UI once, starts the real server (API + built UI) on a temp
 * SQLite file and a free port, and drives Debian's Chromium with playwright-core.
 * When /usr/bin/chromium is missing the suites skip with a message (CI installs it).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM_PATH);
export const SKIP_MESSAGE = `Browser tests skipped: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium).`;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS_DIR = join(ROOT, 'artifacts', 'e2e');

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // Swedish UI language, so date fields render ÅÅÅÅ-MM-DD as Swedish users see them.
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

/** Builds ui/dist once per test run (vite build). */
export function buildUi(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', '@fordran/ui'], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`UI build failed:\n${result.stdout}\n${result.stderr}`);
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
    env: { ...process.env, PORT: String(port), FORDRAN_DB: dbPath, FORDRAN_DATA_DIR: dir, ...env },
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

/** Saves a full-page screenshot as artifacts/e2e/<name>.png (look at them). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  // Animations are finished first, so an opening dialog is not caught half transparent.
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}
