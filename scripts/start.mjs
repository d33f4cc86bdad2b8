#!/usr/bin/env node
// `npm start`: build the UI when it is not built yet, then serve API + UI in one process.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const serverEntry = join(root, 'api/src/main.ts');
if (!existsSync(serverEntry)) {
  console.log('Fordran: the API server is not built yet (it arrives with the API issue).');
  console.log('What works today: `npm test`, `npm run typecheck`, `npm run lint`, `npm run bench`.');
  process.exit(0);
}
if (!existsSync(join(root, 'ui/dist/index.html'))) {
  console.log('Bygger webbgränssnittet (första start)…');
  run('npm', ['run', 'build', '-w', '@fordran/ui']);
}
run(process.execPath, ['--import', 'tsx', serverEntry]);
