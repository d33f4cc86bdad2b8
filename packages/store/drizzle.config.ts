import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w packages/store -- --name <what-changed>` writes the next SQL migration
// into ./migrations. Migrations are committed and append-only; openStore applies them on start.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/schema/index.ts',
  out: './migrations',
  strict: true,
  verbose: true,
});
