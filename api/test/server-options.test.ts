import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseOptionsFromEnv, resolveDataDir, serverOptionsFromEnv } from '../src/server';

describe('which database the server opens, from the environment', () => {
  it('picks PostgreSQL from FORDRAN_DATABASE_URL with its pool size, else the SQLite file of FORDRAN_DB', () => {
    const url = 'postgres://fordran:hemligt@db:5432/fordran';
    expect(serverOptionsFromEnv({ FORDRAN_DATABASE_URL: url, FORDRAN_DATABASE_POOL_SIZE: '25' })).toMatchObject({ databaseUrl: url, poolSize: 25 });
    expect(databaseOptionsFromEnv({ FORDRAN_DATABASE_URL: 'postgresql://db/fordran' })).toEqual({ databaseUrl: 'postgresql://db/fordran' });
    expect(databaseOptionsFromEnv({ FORDRAN_DB: '/srv/fordran.db' })).toEqual({ dbPath: '/srv/fordran.db' });
    expect(databaseOptionsFromEnv({})).toEqual({});
  });

  it('refuses a URL of another kind and a pool size that is not a positive whole number', () => {
    expect(() => databaseOptionsFromEnv({ FORDRAN_DATABASE_URL: 'mysql://db/fordran' })).toThrow('FORDRAN_DATABASE_URL måste vara en PostgreSQL-URL');
    for (const size of ['0', '-1', '2.5', 'tio']) {
      expect(() => databaseOptionsFromEnv({ FORDRAN_DATABASE_POOL_SIZE: size })).toThrow(
        `FORDRAN_DATABASE_POOL_SIZE måste vara ett positivt heltal (anslutningar), inte "${size}"`,
      );
    }
  });

  it('keeps files and the secret in FORDRAN_DATA_DIR, else beside the SQLite file, else in ./data on PostgreSQL', () => {
    expect(resolveDataDir({ dataDir: '/var/lib/fordran', databaseUrl: 'postgres://db/fordran' })).toBe('/var/lib/fordran');
    expect(resolveDataDir({ dbPath: '/srv/data/fordran.db' })).toBe('/srv/data');
    expect(resolveDataDir({})).toBe(dirname(resolve('./data/fordran.db')));
    expect(resolveDataDir({ dbPath: '/srv/data/fordran.db', databaseUrl: 'postgres://db/fordran' })).toBe(resolve('./data'));
  });
});
