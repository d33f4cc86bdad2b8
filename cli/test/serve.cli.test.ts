import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'fordran-cli-serve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fordran serve', () => {
  it('migrates, serves the API on the given port, prints the URL and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL('../bin.mjs', import.meta.url)), 'serve', '--port', '0', '--db', join(dir, 'f.db')], {
      env: { ...process.env, FORDRAN_UI_DIST: join(dir, 'no-ui') },
    });
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Fordran kör på (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', () => reject(new Error(`exited early: ${output}`)));
    });
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
