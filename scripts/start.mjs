#!/usr/bin/env node
// `npm start`: build the UI when it is missing or older than its sources, then serve API + UI in
// one process.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildUi, uiBuildIsStale } from './ui-build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (uiBuildIsStale(root)) {
  console.log('Bygger webbgränssnittet…');
  const build = buildUi(root, { inheritOutput: true });
  if (build.status !== 0) process.exit(build.status);
}
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'api/src/main.ts')], { cwd: root, stdio: 'inherit' });
// Stopping `npm start` (e.g. `kill <pid>` or a process manager) stops the server with it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
