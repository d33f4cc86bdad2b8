import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import {
  createJobHandlers,
  createJobWorker,
  DEFAULT_DUNNING_TIME,
  openAppContext,
  parseDunningTime,
  startDunningScheduler,
  startLawsuitDeadlineScheduler,
  type AppContext,
  type Clock,
  type JobWorker,
  type JobWorkerOptions,
} from '@fordran/services';
import { createApp } from './app';

export interface StartServerOptions {
  /** SQLite file (default ./data/fordran.db); not used when `databaseUrl` is given. */
  dbPath?: string;
  /** PostgreSQL instead of SQLite: `postgres://user:pass@host:port/db` (FORDRAN_DATABASE_URL). */
  databaseUrl?: string;
  /** Most connections to PostgreSQL of this instance (default 10, FORDRAN_DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Folder for the secret and uploaded files (default: the SQLite file's folder; ./data on PostgreSQL). */
  dataDir?: string;
  /** TCP port (default 3000; 0 picks a free one). */
  port?: number;
  hostname?: string;
  /** Token signing secret (default: `<dataDir>/secret`, created once). */
  secret?: string;
  /** Built UI folder (default ui/dist of this repository; skipped when missing). */
  uiDist?: string;
  trustProxy?: boolean;
  /** Bank files larger than this many bytes are imported by the job worker (default 1 MiB). */
  importJobThresholdBytes?: number;
  clock?: Clock;
  log?: (line: string) => void;
  /** The background job worker's settings; `handlers` defaults to `createJobHandlers()`. */
  jobs?: Partial<Omit<JobWorkerOptions, 'log'>>;
  /** The daily dunning run: the Swedish time of day, 'HH:MM' (default 06:00, FORDRAN_DUNNING_TIME), or 'off'. */
  dunningTime?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  app: AppContext;
  /** The job worker running in this process (started with the server). */
  jobs: JobWorker;
  /**
   * Stops accepting requests, ends open connections (SSE included), stops the job worker (it
   * waits for a running job, see JobWorkerOptions.stopTimeoutMs) and closes the database.
   */
  close(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEFAULT_DB_PATH = './data/fordran.db';

/** A positive whole number (of `unit`) from the environment, or undefined when unset. */
function envPositiveInteger(env: NodeJS.ProcessEnv, name: string, unit: string): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} måste vara ett positivt heltal (${unit}), inte "${text}"`);
  return value;
}

function envMilliseconds(env: NodeJS.ProcessEnv, name: string): number | undefined {
  return envPositiveInteger(env, name, 'millisekunder');
}

/** FORDRAN_JOB_POLL_MS, FORDRAN_JOB_BACKOFF_MS, FORDRAN_JOB_LEASE_MS → the worker's settings. */
function jobOptionsFromEnv(env: NodeJS.ProcessEnv): StartServerOptions['jobs'] {
  const pollMs = envMilliseconds(env, 'FORDRAN_JOB_POLL_MS');
  const backoffBaseMs = envMilliseconds(env, 'FORDRAN_JOB_BACKOFF_MS');
  const leaseMs = envMilliseconds(env, 'FORDRAN_JOB_LEASE_MS');
  return {
    ...(pollMs !== undefined ? { pollMs } : {}),
    ...(backoffBaseMs !== undefined ? { backoffBaseMs } : {}),
    ...(leaseMs !== undefined ? { leaseMs } : {}),
  };
}

export type DatabaseOptions = Pick<StartServerOptions, 'dbPath' | 'databaseUrl' | 'poolSize'>;

/**
 * Which database, from the environment: FORDRAN_DATABASE_URL (PostgreSQL) with
 * FORDRAN_DATABASE_POOL_SIZE, else the SQLite file FORDRAN_DB. The server and every CLI command
 * read it here, so they always agree.
 */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv): DatabaseOptions {
  const url = env.FORDRAN_DATABASE_URL;
  if (url && !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('FORDRAN_DATABASE_URL måste vara en PostgreSQL-URL: postgres://användare:lösenord@värd:port/databas');
  }
  const poolSize = envPositiveInteger(env, 'FORDRAN_DATABASE_POOL_SIZE', 'anslutningar');
  return {
    ...(env.FORDRAN_DB ? { dbPath: env.FORDRAN_DB } : {}),
    ...(url ? { databaseUrl: url } : {}),
    ...(poolSize !== undefined ? { poolSize } : {}),
  };
}

/** The data folder (uploaded files, the secret): as given, else the SQLite file's folder, else ./data on PostgreSQL. */
export function resolveDataDir(options: Pick<StartServerOptions, 'dataDir' | 'dbPath' | 'databaseUrl'>): string {
  if (options.dataDir) return resolve(options.dataDir);
  return options.databaseUrl ? resolve('./data') : dirname(resolve(options.dbPath ?? DEFAULT_DB_PATH));
}

/**
 * Environment → options: FORDRAN_DB or FORDRAN_DATABASE_URL and FORDRAN_DATABASE_POOL_SIZE,
 * FORDRAN_DATA_DIR, FORDRAN_SECRET, PORT, HOST, FORDRAN_UI_DIST, FORDRAN_TRUST_PROXY,
 * FORDRAN_IMPORT_JOB_BYTES, the job worker's FORDRAN_JOB_* settings and FORDRAN_DUNNING_TIME.
 */
export function serverOptionsFromEnv(env: NodeJS.ProcessEnv): StartServerOptions {
  const port = env.PORT ? Number(env.PORT) : undefined;
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new Error(`PORT måste vara ett portnummer (0–65535), inte "${env.PORT}"`);
  }
  const importJobThresholdBytes = envPositiveInteger(env, 'FORDRAN_IMPORT_JOB_BYTES', 'byte');
  return {
    jobs: jobOptionsFromEnv(env),
    ...databaseOptionsFromEnv(env),
    ...(env.FORDRAN_DATA_DIR ? { dataDir: env.FORDRAN_DATA_DIR } : {}),
    ...(env.FORDRAN_SECRET ? { secret: env.FORDRAN_SECRET } : {}),
    ...(env.FORDRAN_UI_DIST ? { uiDist: env.FORDRAN_UI_DIST } : {}),
    ...(env.HOST ? { hostname: env.HOST } : {}),
    ...(port !== undefined ? { port } : {}),
    ...(env.FORDRAN_TRUST_PROXY === '1' || env.FORDRAN_TRUST_PROXY === 'true' ? { trustProxy: true } : {}),
    ...(importJobThresholdBytes !== undefined ? { importJobThresholdBytes } : {}),
    ...(env.FORDRAN_DUNNING_TIME ? { dunningTime: env.FORDRAN_DUNNING_TIME } : {}),
  };
}

/** The signing secret kept in `<dataDir>/secret` (created on first start, owner-only), so tokens survive restarts. */
export function readOrCreateSecret(dataDir: string): string {
  const path = join(dataDir, 'secret');
  if (existsSync(path)) {
    const secret = readFileSync(path, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * Opens (and migrates) the database, builds the services and the HTTP app, listens, and starts
 * the job worker with the handlers of `createJobHandlers()` and the daily dunning run's timer. Used by `api/src/main.ts` and
 * `fordran serve`.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const dunningMinute = parseDunningTime(options.dunningTime ?? DEFAULT_DUNNING_TIME);
  const dbPath = resolve(options.dbPath ?? DEFAULT_DB_PATH);
  const dataDir = resolveDataDir(options);
  const secret = options.secret ?? readOrCreateSecret(dataDir);
  const app = await openAppContext({
    dbPath,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.poolSize ? { poolSize: options.poolSize } : {}),
    dataDir,
    secret,
    config: { version: packageVersion() },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // A write that meets another process's lock waits for it asynchronously (the store retries its
  // BEGIN), so the event loop keeps serving meanwhile.
  const { database } = app;
  try {
    const http = createApp(app, {
      uiDist: options.uiDist ?? join(REPO_ROOT, 'ui', 'dist'),
      trustProxy: options.trustProxy ?? false,
      ...(options.importJobThresholdBytes !== undefined ? { importJobThresholdBytes: options.importJobThresholdBytes } : {}),
      ...(options.log ? { log: options.log } : {}),
    });

    const server = await new Promise<ReturnType<typeof serve>>((resolveServer, reject) => {
      const started = serve({ fetch: http.fetch, port: options.port ?? 3000, hostname: options.hostname ?? '0.0.0.0' }, () => resolveServer(started));
      started.once('error', reject);
    });
    const port = (server.address() as AddressInfo).port;
    const jobs = createJobWorker(app, {
      handlers: createJobHandlers(),
      ...options.jobs,
      ...(options.log ? { log: options.log } : {}),
    });
    jobs.start();
    // Each instance checks; the day's run is made once (docs/communications.md, "Dunning").
    const dunning = dunningMinute === null ? null : startDunningScheduler(app, { minute: dunningMinute, ...(options.log ? { log: options.log } : {}) });
    // Lawsuit deadline reminders run with the day's dunning (docs/lawsuits.md, "Deadlines").
    const deadlines =
      dunningMinute === null ? null : startLawsuitDeadlineScheduler(app, { minute: dunningMinute, ...(options.log ? { log: options.log } : {}) });
    const httpClosed = () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        // Open SSE streams would otherwise keep close() waiting forever.
        (server as Server).closeAllConnections?.();
      });
    return {
      url: `http://localhost:${port}`,
      port,
      app,
      jobs,
      close: async () => {
        dunning?.stop();
        deadlines?.stop();
        await Promise.all([httpClosed(), jobs.stop()]);
        await app.providers?.channels?.close?.();
        await app.providers?.bankid?.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
