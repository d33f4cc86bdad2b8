import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

/*
 * Servers in processes of their own, as `npm start` runs them (api/src/main.ts): what the tests
 * that kill a server, or run several beside one another, spawn and talk to over HTTP.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildServer {
  url: string;
  process: ChildProcess;
  output(): string;
  /** SIGTERM (a clean stop) or SIGKILL (a crash), and wait for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A process on a free port, ready once `readyPath` answers 200. */
export async function spawnServer(args: string[], env: Record<string, string>, readyPath: string): Promise<ChildServer> {
  const port = await freePort();
  // The daily dunning run would change cases under a test that compares them; a test wanting it passes a time.
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, FORDRAN_DUNNING_TIME: 'off', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
    try {
      if ((await fetch(`${url}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited(child);
    },
  };
}

/** `npm start`'s server (api/src/main.ts) in a process of its own, configured by `env` (FORDRAN_DB or FORDRAN_DATABASE_URL, …). */
export function spawnFordran(env: Record<string, string>): Promise<ChildServer> {
  return spawnServer(['--import', 'tsx', join(ROOT, 'api/src/main.ts')], env, '/api/health');
}

export async function call<T>(
  url: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  // A 204 (sign-out) has no body.
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export const CHILD_PASSWORD = 'ett-långt-lösen';

/** Signs up `email` (an organisation of its own, admin) and signs in, both on the server at `url`. */
export async function signedUpAdmin(url: string, email: string): Promise<{ token: string; orgId: string }> {
  expect((await call(url, 'POST', '/api/auth/signup', { body: { email, password: CHILD_PASSWORD, full_name: 'Test Testsson' } })).status).toBe(201);
  const { body: session } = await call<{ access_token: string }>(url, 'POST', '/api/auth/signin', { body: { email, password: CHILD_PASSWORD } });
  const { body: me } = await call<{ memberships: { org_id: string }[] }>(url, 'GET', '/api/me', { token: session.access_token });
  return { token: session.access_token, orgId: me.memberships[0]!.org_id };
}
