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
    // Dependency direction: core ← store ← services ← {api, cli}; ui talks HTTP only.
    files: ['packages/store/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@fordran/services', '@fordran/api', '@fordran/cli', '@fordran/ui'] }] },
  },
  {
    files: ['packages/services/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@fordran/api', '@fordran/cli', '@fordran/ui'] }] },
  },
);
