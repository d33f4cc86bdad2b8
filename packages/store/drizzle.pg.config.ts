import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.config.ts: `npm run db:generate:pg -w packages/store -- --name
// <what-changed>` writes the next PostgreSQL migration into ./migrations-pg from the same schema
// (src/schema/pg.ts lists the twins of the tables in src/schema/index.ts). Committed and
// append-only like the SQLite ones; openPgStore applies them on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/pg.ts',
  out: './migrations-pg',
  strict: true,
  verbose: true,
});
