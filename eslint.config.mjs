// ESLint for the server, the client, the tests and the benches (issue 27): typescript-eslint with
// type information, React's rules of hooks on the client, no import cycles.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Module boundaries (issue 27, docs/decisions.md): src/common imports no module; a module reaches
// another only through that module's index.ts, which exports entities as types only (so no module
// opens another's repositories: `getRepository(Store)` outside master-data does not compile).
// Entity files may also import other modules' entity files, for TypeORM relations.
const MODULES = readdirSync(new URL('./src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const THROUGH_INDEX = 'A module imports another only through its index.ts (`../<module>`); export what it needs there (issue 27).';
const moduleZones = (alsoAllowed) =>
  MODULES.map((name) => ({
    target: `./src/modules/${name}`,
    from: './src/modules',
    except: [`./${name}`, ...MODULES.filter((other) => other !== name).flatMap((other) => alsoAllowed(other))],
    message: THROUGH_INDEX,
  }));
const COMMON_ZONE = { target: './src/common', from: './src/modules', message: 'src/common is shared by every module and imports none of them (issue 27).' };
const boundaries = (alsoAllowed) => ['error', { zones: [COMMON_ZONE, ...moduleZones(alsoAllowed)] }];
// src/shared: the few pure rules both the server and the client run (money text, the targets'
// distribution, the match rules' words, the rec sheet upload fields). It imports nothing else, and
// it is the only server folder the client may import: the client learns the API from the document.
const SHARED_ZONE = {
  target: './src/shared',
  from: './src',
  except: ['./shared'],
  message: 'src/shared is run by the client too: it imports nothing outside src/shared.',
};
const CLIENT_ZONE = {
  target: './client/src',
  from: './src',
  except: ['./shared'],
  message:
    'The client never imports server source: its API types come from the document (client/src/api/schema.d.ts); pure rules both sides run live in src/shared.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-bench/**',
      'client/dist/**',
      'coverage/**',
      'node_modules/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
      'client/vite.config.ts',
      'client/antdStaticStyles.ts',
      'client/src/api/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    // import-x's default resolver knows no .ts: without this its rules (no-cycle, the boundaries)
    // resolve no TypeScript import and silently pass.
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.node'] })] },
    rules: {
      'import-x/no-cycle': 'error',
      // A name kept for its place (an argument before the one used, a rest sibling) starts with _.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // An async function without await still turns a throw into a rejection, which Nest's filters
      // and the callers' catch rely on; removing `async` would make those throws synchronous.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': boundaries((other) => [`./${other}/index.ts`]) },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [SHARED_ZONE] }] },
  },
  {
    files: ['src/modules/*/entities/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': boundaries((other) => [`./${other}/index.ts`, `./${other}/entities`]) },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The rules of hooks and their dependencies. react-hooks 7's other recommended rules (refs,
      // set-state-in-effect, immutability, preserve-manual-memoization) check what the React
      // Compiler assumes; the client is not compiled by it, and their findings here are the
      // documented React patterns (a ref read to keep the latest callback, state reset when a prop
      // changes), so they stay off rather than silenced line by line.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // An async handler on a JSX attribute (onClick={async () => ...}) is how React code awaits
      // a save; each handler reports its own failure (feedback/), so the promise React drops
      // never carries an unhandled rejection. Elsewhere a promise where void is expected is an error.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'import-x/no-restricted-paths': ['error', { zones: [CLIENT_ZONE] }],
    },
  },
  {
    // Tests and benches read answers as supertest and fetch give them (any): what an answer holds
    // is checked by the tests' expectations (and the document's schema), not by its static type.
    files: ['test/**/*.ts', 'bench/**/*.ts', '**/*.spec.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
