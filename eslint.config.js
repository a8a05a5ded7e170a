import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries (docs/ARCHITECTURE.md#principles): web → shared ← server; routes → service → db. */
const noImportOf = (patterns) => ['error', { patterns }];

const webToServer = {
  group: ['@clipsync/server', '**/apps/server/**'],
  message: 'the web app talks to the server over HTTP only',
};

/** A relative import that climbs to apps/web/src and enters one of these folders. */
const intoWebFolder = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message });

/**
 * Web layers (docs/ARCHITECTURE.md#principles, "Layers"): lib → nothing; ui → lib; api → lib; session → api, ui;
 * realtime → api, session; components → api, lib, ui, session, realtime; a feature → any of those, never
 * another feature; app/ wires features only in router.tsx and Providers.tsx. (Flat config replaces a
 * rule per block rather than merging it, so each block repeats the server ban.)
 */
const webLayer = (folder, forbidden, message) => ({
  files: [`apps/web/src/${folder}/**/*.{ts,tsx}`],
  rules: { 'no-restricted-imports': noImportOf([webToServer, intoWebFolder(forbidden, message)]) },
});
const notAFeature = 'shared web code imports nothing from features/ or app/';

/**
 * A feature file `depth` folders below features/ that climbs exactly `depth` levels lands in another
 * feature (`../auth` from features/clips/Page.tsx, `../../auth` from features/clips/lists/Page.tsx).
 */
const featureFilesAt = (depth) => ({
  files: [`apps/web/src/features/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': noImportOf([
      webToServer,
      intoWebFolder(['app', 'features'], 'a feature never imports app/ or, through it, another feature'),
      {
        regex: `^(\\.\\./){${depth}}[^./]`,
        message: 'a feature imports no other feature: lift what both need into components/, session/, api/ or lib/',
      },
    ]),
  },
});

const webLayers = [
  webLayer('lib', ['app', 'features', 'api', 'ui', 'session', 'realtime', 'components'], 'lib/ holds pure helpers'),
  webLayer('ui', ['app', 'features', 'api', 'session', 'realtime', 'components'], 'ui/ primitives know no data'),
  webLayer('api', ['app', 'features', 'ui', 'session', 'realtime', 'components'], 'api/ is the HTTP layer only'),
  webLayer('pwa', ['app', 'features', 'api', 'session', 'realtime', 'components'], 'pwa/ knows no data but its own'),
  webLayer('session', ['app', 'features', 'realtime', 'components'], notAFeature),
  webLayer('realtime', ['app', 'features', 'components'], notAFeature),
  webLayer('components', ['app', 'features'], notAFeature),
  {
    ...webLayer('app', ['features'], 'app/ composes features only in router.tsx and Providers.tsx'),
    ignores: ['apps/web/src/app/router.tsx', 'apps/web/src/app/Providers.tsx'],
  },
  featureFilesAt(1),
  featureFilesAt(2),
  featureFilesAt(3),
];

/** The word issue followed by a number, with or without `#`: the rule matches whole terms, so each number is a term. */
const ISSUE_CITATIONS = Array.from({ length: 200 }, (_, n) => [`issue ${n}`, `issue #${n}`, `issues ${n}`]).flat();

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-test-*/**',
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
      // The product spec, its architecture notes and the issue tracker are not in this repository: a comment
      // states the rule it follows, or links a page under docs/, so that it reads on its own.
      'no-warning-comments': [
        'error',
        { terms: ['spec §', 'architecture §', ...ISSUE_CITATIONS], location: 'anywhere' },
      ],
    },
  },
  {
    // No import circles in the apps: a circle hides which file is the lower layer and makes load order matter.
    // (The rule follows value imports only: scripts/import-cycles.test.ts counts type-only ones too.)
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
    files: ['packages/cli/src/**/*.ts'],
    rules: {
      'no-restricted-imports': noImportOf([
        {
          group: ['@clipsync/server', '@clipsync/server/*', '@clipsync/web', '**/apps/**'],
          message: 'the CLI talks to the server over HTTP',
        },
      ]),
    },
  },
  {
    files: ['packages/cli/test/**/*.ts'],
    rules: {
      'no-restricted-imports': noImportOf([
        {
          regex: '^(@clipsync/(server(?!/testing$)|web)|(\\.\\./)+apps/)',
          message: "the CLI's tests use the server through @clipsync/server/testing only",
        },
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
      'no-restricted-imports': noImportOf([webToServer]),
    },
  },
  ...webLayers,
  {
    files: ['scripts/**/*.mjs', 'apps/server/src/main.ts', 'apps/server/src/db/migrate-cli.ts', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
