import { join, resolve } from 'node:path';
import { createLocalFileStorage, openDatabase, type DatabaseLocation } from '@fordran/store';
import { createAppContext, createServicesConfig, type AppContext, type Providers, type ServicesConfig } from '../context';
import { createDefaultRegisterProvider } from '../lookup/company-register';
import type { Clock } from '../clock';
import { createSystemClock } from '../clock';
import { ensureReferenceRates } from './reference-rates';

export interface OpenAppContextOptions {
  /** SQLite file; opened (created) and migrated. Not used when `databaseUrl` is given. */
  dbPath: string;
  /** PostgreSQL instead of SQLite (`postgres://user:pass@host:port/db`, FORDRAN_DATABASE_URL); migrated on open. */
  databaseUrl?: string;
  /** Most connections to PostgreSQL (default 10, FORDRAN_DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Folder of uploaded and generated files: `<dataDir>/files`. */
  dataDir: string;
  secret: string;
  clock?: Clock;
  config?: Partial<Omit<ServicesConfig, 'secret'>>;
  /** Add the shipped Riksbank reference rates the database lacks (default true). */
  seedReferenceRates?: boolean;
  /**
   * Company / person register over HTTP (default: env FORDRAN_REGISTER_URL); without one the
   * fictional register in packages/services/registers/register.json answers look-ups.
   */
  registerUrl?: string | null;
  /** Replace providers (tests inject failing or recording ones). */
  providers?: Providers;
}

/** PostgreSQL when a URL is given, else the SQLite file. */
function databaseLocation(options: Pick<OpenAppContextOptions, 'dbPath' | 'databaseUrl' | 'poolSize'>): DatabaseLocation {
  if (options.databaseUrl) return { engine: 'postgres', url: options.databaseUrl, ...(options.poolSize ? { poolSize: options.poolSize } : {}) };
  return { engine: 'sqlite', path: resolve(options.dbPath) };
}

/**
 * The services of one running app on local disk: the migrated database, files under the data
 * folder, the clock and an in-process event bus. Close with `await ctx.database.close()`.
 * @example const ctx = await openAppContext({ dbPath: './data/fordran.db', dataDir: './data', secret });
 */
export async function openAppContext(options: OpenAppContextOptions): Promise<AppContext> {
  const database = await openDatabase(databaseLocation(options));
  try {
    const clock = options.clock ?? createSystemClock();
    if (options.seedReferenceRates ?? true) await ensureReferenceRates(database, clock.now());
    return createAppContext({
      database,
      clock,
      config: createServicesConfig({ ...options.config, secret: options.secret }),
      files: createLocalFileStorage(join(resolve(options.dataDir), 'files')),
      providers: {
        companyRegister: createDefaultRegisterProvider({
          today: () => clock.today(),
          url: options.registerUrl === undefined ? process.env.FORDRAN_REGISTER_URL : options.registerUrl,
        }),
        ...options.providers,
      },
    });
  } catch (error) {
    await database.close();
    throw error;
  }
}
