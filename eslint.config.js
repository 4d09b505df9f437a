import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Zones below are written from the repository root, wherever ESLint is started (an editor, a workspace). */
const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/** The folders directly under `dir` (features, server modules), read when ESLint starts so a new one is covered. */
function foldersIn(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * import-x settings for one workspace: its TypeScript files are parsed for the import graph (no-cycle follows them)
 * and each import is resolved as tsc resolves it (with the server's '.js' specifiers too).
 */
function importGraphSettings(tsconfig) {
  return {
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${repoRoot}${tsconfig}` })],
  };
}

/**
 * import-x/no-restricted-paths zones that let the folders under `root` import one another only through their public
 * files (`entries`, e.g. ['index.ts']), judged on the path each import resolves to, whatever its specifier says.
 * Imports inside one folder are free.
 */
function publicEntryZones(root, entries, message) {
  return foldersIn(root).map((folder) => ({
    target: `${root}/!(${folder})/**`,
    from: `${root}/${folder}`,
    except: entries.map((entry) => `./${entry}`),
    message,
  }));
}

/**
 * A server module is reached only through these (ARCHITECTURE.md): its service (rules, reads and writes of the tables
 * it owns; never a re-export of its repo), its policy (who may see or change what) and its presenter (the answers'
 * shapes). That holds for other modules and for code outside modules/ (http/, issuing/, seed/, cli/, bench/...), but
 * not for the two files that wire modules up: app.ts registers each module's routes.ts, jobs/workers.ts each job body.
 */
const SERVER_PUBLIC_FILES = ['service.ts', 'policy.ts', 'presenter.ts'];
const SERVER_MODULES = './apps/server/src/modules';
const OUTSIDE_SERVER_MODULES = [
  './apps/server/src/!(modules|jobs)/**',
  './apps/server/src/jobs/!(workers).ts',
  './apps/server/src/!(app).ts',
  './bench/**',
];

function serverModuleZones(entries) {
  const message =
    `Import a server module only through its ${entries.join(', ')}; ` +
    'move what several modules share out of modules/ (http/, crypto/).';
  return [
    ...publicEntryZones(SERVER_MODULES, entries, message),
    ...foldersIn(SERVER_MODULES).map((folder) => ({
      target: OUTSIDE_SERVER_MODULES,
      from: `${SERVER_MODULES}/${folder}`,
      except: entries.map((entry) => `./${entry}`),
      message,
    })),
  ];
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      // Prettier wraps code at 120 columns but never splits a string; this catches the long strings it leaves.
      'max-len': ['error', { code: 200 }],
    },
  },
  {
    // A migration stays byte for byte what installations ran (a PL/pgSQL message cannot be split either).
    files: ['apps/server/src/db/migrations/**'],
    rules: { 'max-len': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: importGraphSettings('apps/web/tsconfig.json'),
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: repoRoot,
          zones: [
            // A feature reaches another only through its index.ts (ARCHITECTURE.md D4); app/ (the router) is the
            // one place that imports pages directly, so that each stays a chunk of its own.
            ...publicEntryZones(
              './apps/web/src/features',
              ['index.ts'],
              'Import another feature only from its index.ts, or move what both need to components/ or lib/.',
            ),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/test'],
              from: './apps/web/src/features',
              message: 'Shared code (components/, lib/, test/) never imports a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importGraphSettings('apps/server/tsconfig.json'),
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: serverModuleZones(SERVER_PUBLIC_FILES) }],
    },
  },
  {
    // A service is its module's public face: it offers functions, never its repo's (ARCHITECTURE.md D4), or other
    // modules would write its tables through it.
    files: [
      'apps/server/src/modules/*/service.ts',
      'apps/server/src/modules/*/policy.ts',
      'apps/server/src/modules/*/presenter.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ExportNamedDeclaration[source.value=/repo\\.js$/], ExportAllDeclaration[source.value=/repo\\.js$/]',
          message: "Don't re-export a repo: write a service function that other modules call.",
        },
      ],
    },
  },
  {
    // Tests and their support (test/, the security and resilience suites' helpers) may also use a module's
    // test-fixtures.ts (factories of requests, Stripe events, states a test sets up), which production never imports.
    files: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/test-fixtures.ts',
      'apps/server/src/test/**',
      'apps/server/src/security/fixtures.ts',
      'apps/server/src/resilience/mixed-load.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: repoRoot, zones: serverModuleZones([...SERVER_PUBLIC_FILES, 'test-fixtures.ts']) },
      ],
    },
  },
);
