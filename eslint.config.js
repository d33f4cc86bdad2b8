import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** The workspaces by package name (`@fordran/<name>`) and folder. */
const WORKSPACES = {
  core: 'packages/core',
  store: 'packages/store',
  services: 'packages/services',
  api: 'api',
  cli: 'cli',
  ui: 'ui',
  fixtures: 'fixtures',
};

/** Relative paths into a workspace's code (`../../services/src/…`): the package name's bypass. */
function internalsOf(name, message = `Not ${WORKSPACES[name]}'s internals.`) {
  const folder = WORKSPACES[name].split('/').at(-1);
  return [{ regex: `(^|/)${folder}/(src|test|bench)(/|$)`, message }];
}

/** Import patterns that keep these workspaces out, by package name or by relative path. */
function forbiddenWorkspaces(names) {
  return names.flatMap((name) => [
    { group: [`@fordran/${name}`, `@fordran/${name}/*`], message: `This workspace may not depend on @fordran/${name}.` },
    ...internalsOf(name),
  ]);
}

/** A workspace's code, tests and benches may not import `names` (nor `extra`). */
function dependencyDirection(workspace, names, extra = []) {
  return {
    files: [`${WORKSPACES[workspace]}/{src,test,bench}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [...forbiddenWorkspaces(names), ...extra] }] },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'artifacts/**', 'packages/store/migrations/**', 'packages/store/migrations-pg/**'] },
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
    // The domain core is pure and strictly typed: no any, no I/O, no clock, no other workspace.
    files: ['packages/core/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:fs*', 'node:net', 'node:http*', 'fs'], message: 'Core has no I/O.' }, ...forbiddenWorkspaces(Object.keys(WORKSPACES))] },
      ],
      'no-restricted-globals': ['error', 'fetch', 'setTimeout', 'setInterval'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass `today`/`now` in; core has no clock.' },
        { object: 'Math', property: 'random', message: 'Core is deterministic.' },
      ],
    },
  },
  {
    // Small functions: a long one is split into named steps (tests, with their tables and
    // describe blocks, are left out).
    files: ['packages/core/src/**/*.ts', 'packages/services/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
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
    // identifiers/ is the browser's entry @fordran/core/identifiers: the portal checks a personnummer
    // as it is typed with the server's own check. It imports nothing from node, and from core only
    // the error catalogue and the dates.
    files: ['packages/core/src/identifiers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'crypto', '@fordran/*', '../*', '!../errors', '!../dates', '../../*'] }],
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
  // Dependency direction (docs/architecture.md): core ← store ← services ← {api, cli, fixtures};
  // the CLI also runs the demo (fixtures) and the server (api's public entry only); ui talks HTTP.
  dependencyDirection('store', ['services', 'api', 'cli', 'ui', 'fixtures']),
  // Services compose the store's queries (packages/store/src/queries) and hold no SQL of their own.
  dependencyDirection(
    'services',
    ['api', 'cli', 'ui', 'fixtures'],
    [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Queries live in packages/store/src/queries.' }],
  ),
  dependencyDirection('api', ['cli', 'ui', 'fixtures']),
  dependencyDirection(
    'cli',
    ['ui'],
    [{ group: ['@fordran/api/*'], message: "Only @fordran/api's public entry: the server is api's business." }, ...internalsOf('api')],
  ),
  dependencyDirection('fixtures', ['api', 'cli', 'ui']),
  {
    // The store is asynchronous (either engine): a query or a service call not awaited runs
    // outside its transaction, or not at all.
    files: ['packages/{store,services}/{src,test,bench}/**/*.ts', '{api,cli,fixtures}/{src,test}/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    // UI (browser): talks HTTP only (types from other workspaces at most); one fetch (lib/api-client);
    // money is never parsed as a float. The one exception is core's browser-safe money and date
    // entries: what a person types is read, and amounts are shown, by the same functions as on the
    // server (one parser, no UI twin that could read "2 000,50" differently), the labels entry:
    // the Swedish names of the codes the API sends, one table for server and browser, and the
    // identifiers entry: a personnummer is checked as typed by the server's own check.
    files: ['ui/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@fordran/(?!core/(money|dates|labels|identifiers)$)',
              allowTypeImports: true,
              message: 'The UI reaches the server over HTTP only.',
            },
            ...['core', 'store', 'services', 'api', 'cli', 'fixtures'].flatMap((name) =>
              internalsOf(name, 'The UI reaches the server over HTTP only.').map((pattern) => ({ ...pattern, allowTypeImports: true })),
            ),
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
