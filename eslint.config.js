// `npm run lint`: TypeScript's recommended rules, React's hook rules (the compiler-style ones included) and the
// import boundaries of docs/architecture.md, checked by a small rule of our own below (`citelens/boundaries`).
import path from 'node:path';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

const isTestFile = (rel) => /\.test\.tsx?$/.test(rel) || rel.startsWith('src/testing/') || rel.startsWith('e2e/');
// The viewer-only benchmark page (/bench, served only with CITELENS_BENCH=1): it may use the product, never the reverse.
const isBenchFile = (rel) => rel.startsWith('src/app/bench/');

// Where a repository-relative path sits: `core`, `lib`, `api`, `app`, `server`, `cli`, `node`, `testing`, `features/<name>`, or
// null outside src/.
function layerOf(rel) {
  const parts = rel.split('/');
  if (parts[0] !== 'src' || parts.length < 3) return null;
  if (parts[1] === 'features') return `features/${parts[2]}`;
  return parts[1];
}

const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const bareName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

// Packages that are React, browser or server I/O, or test tooling: none belongs in the pure core.
const reactPackages = ['react', 'react-dom', 'react-pdf', 'react-resizable-panels', '@tanstack/react-query', 'zustand'];
const ioPackages = ['pdfjs-dist', 'idb', 'hono', '@hono/node-server', 'pg', 'better-sqlite3', 'kysely'];
const testPackages = ['vitest', 'fast-check', '@testing-library/react', '@testing-library/user-event', 'fake-indexeddb', '@playwright/test', 'jsdom'];

/**
 * What `from` (a layer) may not import. Returns a reason, or null when the import is allowed.
 * `target` is the imported file's layer for a relative import, `pkg` the package name for a bare one.
 */
function forbidden({ from, fromTest, target, pkg }) {
  if (pkg) {
    if (!fromTest && testPackages.includes(pkg))
      return `${pkg} is test tooling; test helpers live with the tests (src/testing or a *.test.ts), not in the shipped code`;
    if (from === 'core') {
      if (reactPackages.includes(pkg)) return `src/core has no React: ${pkg} belongs in a feature or src/app`;
      if (!fromTest && ioPackages.includes(pkg)) return `src/core does no I/O: ${pkg} belongs in a feature, src/api, src/server or src/cli`;
      if (!fromTest && nodeBuiltins.has(pkg)) return `src/core does no I/O and runs in the browser: ${pkg} belongs in src/server or src/cli`;
    }
    if (from === 'api' && reactPackages.includes(pkg) && pkg !== '@tanstack/react-query')
      return `src/api is the data layer: ${pkg} belongs in a feature or src/app`;
    if (from === 'node' && reactPackages.includes(pkg)) return `src/node is shared Node code for the server and the CLI: no ${pkg}`;
    if (from === 'lib' && reactPackages.includes(pkg)) return `src/lib holds no React: ${pkg} belongs in a feature, src/hooks or src/app`;
    if (from === 'lib' && !fromTest && nodeBuiltins.has(pkg)) return `src/lib runs in the browser: ${pkg} belongs in src/node, src/server or src/cli`;
    return null;
  }
  if (target === null || target === from) return null;
  if (target === 'testing' && !fromTest) return 'src/testing is for tests only';
  // src/lib (helpers any feature may use, no React, no feature) sits just above the core: it imports only src/core.
  if (from === 'lib' && target !== 'core') return `src/lib is shared by every feature: it imports only src/core`;
  if (from === 'core' && target === 'lib') return `src/core imports nothing from src/lib: the core is pure and lib code touches the DOM`;
  if (from === 'core') {
    if (['api', 'features', 'app', 'server', 'cli', 'node'].some((l) => target === l || target.startsWith(`${l}/`))) {
      // A core test may drive the core through the shell (load a PDF with the CLI, adapt with the API glue); the
      // core's own code may not.
      if (fromTest && (target === 'api' || target === 'cli' || target === 'node')) return null;
      return `src/core imports nothing from src/${target}: the core is shared by the app, the server and the CLI`;
    }
  }
  if (from === 'api' && (target.startsWith('features/') || target === 'app')) return `src/api imports no features and nothing from src/app`;
  if (from.startsWith('features/')) {
    if (target.startsWith('features/')) return `features never import each other (${from} → ${target}); they meet in src/app`;
    if (['app', 'server', 'cli', 'node'].includes(target)) return `a feature imports nothing from src/${target}; src/app passes it what it needs`;
  }
  if ((from === 'server' || from === 'cli') && (target.startsWith('features/') || target === 'app')) return `src/${from} runs in Node: no features, no src/app`;
  // The two Node shells share code through src/node, never through each other (a test may drive one with the other).
  if (!fromTest && ((from === 'server' && target === 'cli') || (from === 'cli' && target === 'server')))
    return `src/${from} does not import src/${target}: code both Node shells need lives in src/node`;
  if (from === 'node' && !['core', 'api', 'lib'].includes(target) && !(fromTest && ['cli', 'server', 'testing'].includes(target)))
    return `src/node is below the Node shells: it imports only src/core, src/api and src/lib (src/${target} is above it)`;
  // src/i18n (the UI language and its React hook) sits below the features, which all read their strings from it.
  if (from === 'i18n' && (['api', 'app', 'server', 'cli'].includes(target) || target.startsWith('features/')))
    return `src/i18n is shared by every feature: it imports only src/core`;
  if ((from === 'server' || from === 'cli') && target === 'i18n')
    return `src/${from} runs in Node: the React i18n hook is for the UI (the catalogs are in src/core/i18n)`;
  // src/hooks (React hooks more than one feature needs, e.g. use-near-set.ts) sits below the features, like src/i18n.
  if (from === 'hooks' && target !== 'core') return `src/hooks is shared by every feature: it imports only src/core`;
  if ((from === 'server' || from === 'cli' || from === 'node' || from === 'core' || from === 'api') && target === 'hooks')
    return `src/hooks holds React hooks for the UI: src/${from} may not import them`;
  return null;
}

const boundaries = {
  meta: { type: 'problem', docs: { description: 'Import boundaries of docs/architecture.md' }, schema: [] },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = layerOf(file);
    if (from === null) return {};
    const fromTest = isTestFile(file);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      let reason;
      if (spec.startsWith('.')) {
        const resolved = path
          .relative(root, path.resolve(path.dirname(context.filename), spec))
          .split(path.sep)
          .join('/');
        reason = forbidden({ from, fromTest, target: layerOf(resolved) });
        if (!reason && !fromTest && isBenchFile(resolved) && !isBenchFile(file)) {
          reason = 'the product imports no benchmark code (src/app/bench/): the bench drives the product from outside, through what it shows';
        }
      } else {
        reason = forbidden({ from, fromTest, pkg: bareName(spec) });
      }
      if (reason) context.report({ node: source, message: reason });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default tseslint.config(
  { ignores: ['dist*/**', 'test-results*/**', 'playwright-report/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { citelens: { rules: { boundaries } } },
    rules: {
      'citelens/boundaries': 'error',
      // Unused names: TypeScript's noUnusedLocals already reports them; `_`-prefixed ones are intentional.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // No import cycles: a cycle makes evaluation order decide whether a module sees its imports (a `const` read
    // before it is set), and it hides layering the boundary rule cannot see inside one layer. Type-only imports are
    // erased and do not count.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The React-compiler rules (all of the plugin's recommended set, each an error): no ref read or written during
      // render, no setState straight in an effect body, no mutation of props or state, pure renders, and so on.
      'react-hooks/refs': 'error',
      'react-hooks/set-state-in-effect': 'error',
      'react-hooks/set-state-in-render': 'error',
      'react-hooks/immutability': 'error',
      'react-hooks/globals': 'error',
      'react-hooks/purity': 'error',
      'react-hooks/static-components': 'error',
      'react-hooks/use-memo': 'error',
      'react-hooks/void-use-memo': 'error',
      'react-hooks/preserve-manual-memoization': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
      'react-hooks/error-boundaries': 'error',
      'react-hooks/config': 'error',
      'react-hooks/gating': 'error',
    },
  },
);
