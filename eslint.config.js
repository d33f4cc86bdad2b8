import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'artifacts/**', 'packages/store/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['ui/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The domain core is pure and strictly typed: no any, no I/O, no clock.
    files: ['packages/core/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': ['error', { patterns: ['node:fs*', 'node:net', 'node:http*', 'fs', '@fordran/*'] }],
      'no-restricted-globals': ['error', 'fetch', 'setTimeout', 'setInterval'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass `today`/`now` in; core has no clock.' },
        { object: 'Math', property: 'random', message: 'Core is deterministic.' },
      ],
    },
  },
  {
    // money/ and dates/ are also the browser's entries (@fordran/core/money, @fordran/core/dates):
    // the UI reads and shows amounts and dates with the very functions the server uses. So they
    // import nothing from node, and from core only the error catalogue (and each other's modules).
    files: ['packages/core/src/money/**/*.ts', 'packages/core/src/dates/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto', '@fordran/*', '../*', '!../errors', '../../*'] }],
    },
  },
  {
    // labels.ts is the browser's entry @fordran/core/labels (codes and their Swedish names): it and
    // the modules it reads import nothing from node, and no other core folder but errors at run time.
    files: [
      'packages/core/src/labels.ts',
      'packages/core/src/cases/{case-status,case-stage,case-segments,mandate-type,payment-method,payment-status,case-closing,job-status,state-machine}.ts',
      'packages/core/src/{directory,organisation}/*.ts',
      'packages/core/src/rules/rule-model.ts',
      'packages/core/src/ledger/ledger-codes.ts',
      'packages/core/src/bank-files/bank-codes.ts',
      'packages/core/src/matching/match-reasons.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*', 'fs', 'path', 'crypto', '@fordran/*'] }, { regex: '^\\.\\./(?!errors$|money/ore$)', allowTypeImports: true }] },
      ],
    },
  },
  {
    // Dependency direction: core ← store ← services ← {api, cli}; ui talks HTTP only.
    files: ['packages/store/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@fordran/services', '@fordran/api', '@fordran/cli', '@fordran/ui'] }] },
  },
  {
    files: ['packages/services/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@fordran/api', '@fordran/cli', '@fordran/ui'] }] },
  },
  {
    // UI (browser): talks HTTP only (types from other workspaces at most); one fetch (lib/api-client);
    // money is never parsed as a float. The one exception is core's browser-safe money and date
    // entries: what a person types is read, and amounts are shown, by the same functions as on the
    // server (one parser, no UI twin that could read "2 000,50" differently), and the labels entry:
    // the Swedish names of the codes the API sends, one table for server and browser.
    files: ['ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@fordran/(?!core/(money|dates|labels)$)',
              allowTypeImports: true,
              message: 'The UI reaches the server over HTTP only.',
            },
          ],
          paths: [{ name: 'swr', importNames: ['mutate'], message: 'Use useSWRConfig().mutate: each session has its own cache.' }],
        },
      ],
      'no-restricted-globals': ['error', 'parseFloat', { name: 'fetch', message: 'Use lib/api-client.' }],
      'no-restricted-properties': ['error', { object: 'Number', property: 'parseFloat', message: 'No floats for money.' }],
    },
  },
  {
    files: ['ui/src/lib/api-client.ts'],
    rules: { 'no-restricted-globals': ['error', 'parseFloat'] },
  },
);
