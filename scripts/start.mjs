#!/usr/bin/env node
// `npm start`: build the UI when it is missing or older than its sources, then serve API + UI in
// one process.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildUi, uiBuildIsStale } from './ui-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (uiBuildIsStale(root)) {
  console.log('Bygger webbgränssnittet…');
  const build = buildUi(root, { inheritOutput: true });
  if (build.status !== 0) process.exit(build.status);
}
const server = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'api/src/main.ts')], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 1);
