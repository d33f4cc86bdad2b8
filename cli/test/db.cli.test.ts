import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran db migrate', () => {
  it('creates and migrates a fresh database, then is a no-op', () => {
    const db = join(dir, 'new', 'fordran.db');
    const first = runCli(['db', 'migrate', '--json', '--db', db]);
    expect(first.status, first.stderr).toBe(0);
    const applied = JSON.parse(first.stdout) as { applied: number; migrations: number };
    expect(applied).toMatchObject({ database: db, engine: 'sqlite', status: 'ok' });
    expect(applied.applied).toBeGreaterThan(0);
    expect(applied.applied).toBe(applied.migrations);
    const second = runCli(['db', 'migrate', '--json'], { FORDRAN_DB: db });
    expect(JSON.parse(second.stdout)).toEqual({ ...applied, applied: 0 });
  });

  it('exits non-zero with a message on an unknown command', () => {
    const result = runCli(['nonsense']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("unknown command 'nonsense'");
  });

  it('prints its version', () => {
    expect(runCli(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
