import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries of ARCHITECTURE §2: web → shared ← server; routes → service → db. */
const noImportOf = (patterns) => ['error', { patterns }];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      '.reports/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': noImportOf([
        { group: ['@clipsync/server', '@clipsync/web', '**/apps/**'], message: 'shared depends on nothing of ours' },
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': noImportOf([
        { group: ['@clipsync/web', '**/apps/web/**'], message: 'the server never imports the web app' },
      ]),
    },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts', 'apps/server/src/modules/**/*.socket.ts'],
    rules: {
      'no-restricted-imports': noImportOf([
        {
          group: ['**/db/schema', '**/db/schema/*', 'drizzle-orm', 'drizzle-orm/*'],
          message: 'routes and socket handlers call the service; only services touch the database',
        },
      ]),
    },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': noImportOf([
        { group: ['@clipsync/server', '**/apps/server/**'], message: 'the web app talks to the server over HTTP only' },
      ]),
    },
  },
  {
    files: ['scripts/**/*.mjs', 'apps/server/src/main.ts', 'apps/server/src/db/migrate-cli.ts', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
