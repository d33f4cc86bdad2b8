// `npm run bench`: runs every `bench/*.bench.ts` of every workspace, one after the other.
// Each bench prints its own figures; nothing here asserts anything about time.
import { readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { releaseBenchDatabases } from './bench-db';

const root = fileURLToPath(new URL('..', import.meta.url));
const workspaces = ['packages/core', 'packages/store', 'packages/services', 'api', 'cli', 'fixtures'];
const filter = process.argv[2];

const files = workspaces
  .map((workspace) => join(root, workspace, 'bench'))
  .filter((dir) => existsSync(dir))
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.bench.ts'))
      .map((name) => join(dir, name)),
  )
  .filter((file) => !filter || file.includes(filter));

try {
  for (const file of files) {
    console.log(`\n=== ${relative(root, file)} ===`);
    const bench = (await import(pathToFileURL(file).href)) as { run: () => Promise<void> | void };
    await bench.run();
  }
} finally {
  // The PostgreSQL copy lives on a server that outlives this process.
  await releaseBenchDatabases();
}
if (files.length === 0) console.log('No benchmarks matched.');
