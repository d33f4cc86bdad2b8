import { defineConfig } from 'vitest/config';

// One runner for every workspace. Browser tests (ui/e2e) run here too and skip themselves with a
// message when Chromium is missing; CI installs it so they always run there.
export default defineConfig({
  test: {
    include: ['{packages/*,api,cli,ui,fixtures}/{src,test,e2e}/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
