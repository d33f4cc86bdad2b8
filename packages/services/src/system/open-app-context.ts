import { join, resolve } from 'node:path';
import {
  createDatabaseFileStorage,
  createLocalFileStorage,
  openDatabase,
  type Database,
  type DatabaseLocation,
  type FileStorage,
  type PostgresDatabase,
} from '@fordran/store';
import { createAppContext, createServicesConfig, type AppContext, type Providers, type ServicesConfig } from '../context';
import { createEventBus, type EventBus } from '../realtime/event-bus';
import { createSharedEventBus, EVENTS_CHANNEL } from '../realtime/shared-event-bus';
import { createDefaultRegisterProvider } from '../lookup/company-register';
import type { Clock } from '../clock';
import { createSystemClock, nowMs } from '../clock';
import { ensureReferenceRates } from './reference-rates';
import { channelDirectoryConfigFromEnv, createChannelDirectory } from '../communications/channels/channel-directory';
import { ensureTemplateLibraries } from '../communications/templates/template-library';
import { ensureDunningPlans } from '../communications/dunning/dunning-plans';
import { communicationsConfigFromEnv, type CommunicationsConfig } from '../communications/sending/sending-config';
import { bankIdConfigFromEnv, createBankIdProvider } from '../portal/bankid/bankid-provider';
import { portalConfigFromEnv, type PortalConfig } from '../portal/portal-config';

export interface OpenAppContextOptions {
  /** SQLite file; opened (created) and migrated. Not used when `databaseUrl` is given. */
  dbPath: string;
  /** PostgreSQL instead of SQLite (`postgres://user:pass@host:port/db`, FORDRAN_DATABASE_URL); migrated on open. */
  databaseUrl?: string;
  /** Most connections to PostgreSQL (default 10, FORDRAN_DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Folder of uploaded and generated files on SQLite: `<dataDir>/files` (on PostgreSQL they are in the database). */
  dataDir: string;
  secret: string;
  clock?: Clock;
  /** Services settings; `communications` defaults to the environment's (communicationsConfigFromEnv). */
  config?: Partial<Omit<ServicesConfig, 'secret' | 'communications' | 'portal'>> & {
    communications?: Partial<CommunicationsConfig>;
    portal?: Partial<PortalConfig>;
  };
  /** Add the shipped Riksbank reference rates the database lacks (default true). */
  seedReferenceRates?: boolean;
  /**
   * Company / person register over HTTP (default: env FORDRAN_REGISTER_URL); without one the
   * fictional register in packages/services/registers/register.json answers look-ups.
   */
  registerUrl?: string | null;
  /**
   * The server's SMTP server for e-mail where an organisation configured none (default: env
   * FORDRAN_SMTP_URL); null: the local outbox stand-in. `mailFrom` defaults to FORDRAN_MAIL_FROM.
   */
  smtpUrl?: string | null;
  mailFrom?: string;
  /** Replace providers (tests inject failing or recording ones). */
  providers?: Providers;
}

/** The channel directory's server defaults: the options, else the environment. */
function channelDirectoryConfig(options: Pick<OpenAppContextOptions, 'smtpUrl' | 'mailFrom'>) {
  const env = channelDirectoryConfigFromEnv(process.env);
  return { smtp: options.smtpUrl === undefined ? env.smtp : options.smtpUrl, mailFrom: options.mailFrom ?? env.mailFrom };
}

/** PostgreSQL when a URL is given, else the SQLite file. */
function databaseLocation(options: Pick<OpenAppContextOptions, 'dbPath' | 'databaseUrl' | 'poolSize'>): DatabaseLocation {
  if (options.databaseUrl) return { engine: 'postgres', url: options.databaseUrl, ...(options.poolSize ? { poolSize: options.poolSize } : {}) };
  return { engine: 'sqlite', path: resolve(options.dbPath) };
}

/** The database and what must be shared through it when several instances use it. */
interface Engine {
  database: Database;
  files: FileStorage;
  events: EventBus;
}

/**
 * PostgreSQL when a URL is given: files in the database and live events over LISTEN/NOTIFY, so
 * every instance on it reads the same files and hears every event. Else the SQLite file (one
 * instance): files in the data folder, events in process.
 */
async function openEngine(options: OpenAppContextOptions): Promise<Engine> {
  const database = await openDatabase(databaseLocation(options));
  if (database.engine === 'sqlite') return { database, files: createLocalFileStorage(join(resolve(options.dataDir), 'files')), events: createEventBus() };
  try {
    const channel = await (database as PostgresDatabase).channel(EVENTS_CHANNEL);
    return { database, files: createDatabaseFileStorage(database), events: createSharedEventBus(channel) };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The services of one running app: the migrated database, file storage, the clock and the live
 * event bus (on PostgreSQL shared with the other instances through the database). Close with
 * `await ctx.database.close()`: that ends the PostgreSQL listener too.
 * @example const ctx = await openAppContext({ dbPath: './data/fordran.db', dataDir: './data', secret });
 */
export async function openAppContext(options: OpenAppContextOptions): Promise<AppContext> {
  const { database, files, events } = await openEngine(options);
  try {
    const clock = options.clock ?? createSystemClock();
    if (options.seedReferenceRates ?? true) await ensureReferenceRates(database, clock.now());
    const app = createAppContext({
      database,
      clock,
      config: createServicesConfig({
        ...options.config,
        communications: { ...communicationsConfigFromEnv(process.env), ...options.config?.communications },
        portal: { ...portalConfigFromEnv(process.env), ...options.config?.portal },
        secret: options.secret,
      }),
      files,
      events,
      providers: {
        companyRegister: createDefaultRegisterProvider({
          today: () => clock.today(),
          url: options.registerUrl === undefined ? process.env.FORDRAN_REGISTER_URL : options.registerUrl,
        }),
        channels: createChannelDirectory(channelDirectoryConfig(options)),
        bankid: createBankIdProvider({ config: bankIdConfigFromEnv(process.env), files, now: () => nowMs(clock) }),
        ...options.providers,
      },
    });
    // Organisations made before the template library existed get it now (idempotent by code).
    await ensureTemplateLibraries(app);
    // …and the default dunning plan, after the library its steps name.
    await ensureDunningPlans(app);
    return app;
  } catch (error) {
    await database.close();
    throw error;
  }
}
