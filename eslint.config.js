// Lint enforces the one-way dependencies of ARCHITECTURE.md:
//   contract <- simulator, server-proxy, web;  web/src: components, lib <- features <- app.
// A boundary that is only written down gets crossed; a boundary that fails lint does not.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import deskRules from './.eslint/feature-boundaries.js';
import layerRules from './.eslint/layer-boundaries.js';

const patterns = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map(([group, message]) => ({ group, message })) }],
});

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'test-results/', 'playwright-report/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]", message: '.only hides the rest of the suite.' },
        { selector: "CallExpression[callee.property.name='skip'][callee.object.name=/^(it|test|describe)$/]", message: 'A skipped test is a defect.' },
      ],
    },
  },
  {
    // A promise nobody awaits hides its failure; one passed where a callback's result is
    // ignored (an event handler) hides it too. Both need the types, so these rules read them.
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // React's rules of hooks, the dependencies an effect or memo reads, and the React
    // Compiler's rules (the plugin's recommended-latest set: purity, refs, state set in
    // effects...). incompatible-library stays a warning, as the set has it: TanStack
    // Virtual's useVirtualizer returns functions the compiler cannot memoize, which is a
    // note about the library, not a fault of ours.
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs['recommended-latest'].rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The book ladder is one tab stop whose arrows move between its level buttons (issue 19);
      // a scroll box (region, or a virtual table) takes focus so the keyboard can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'group', 'region', 'table'], allowExpressionValues: true }],
    },
  },
  {
    files: ['contract/**'],
    rules: patterns(
      [['**/simulator/**', '**/server-proxy/**', '**/web/**', '@web/*'], 'contract imports none of the others.'],
    ),
  },
  {
    files: ['web/**'],
    rules: patterns(
      [['**/simulator/**', '**/server-proxy/**'], 'web never imports the simulator or the proxy.'],
    ),
  },
  {
    files: ['simulator/**'],
    rules: patterns([['**/server-proxy/**', '**/web/**', '@web/*'], 'the simulator imports only contract/.']),
  },
  {
    files: ['server-proxy/**'],
    rules: patterns([['**/simulator/**', '**/web/**', '@web/*'], 'the proxy imports only contract/ (it starts the embedded simulator as a child process).']),
  },
  {
    // The contract's layers, lowest first: primitives that import nothing of ours (the
    // decimal reader and arithmetic, CRC32, clock, error codes, signing, validation), the
    // schemas built on them, the order book over the depth schemas, the catalog over the
    // schemas. No file sits directly in contract/: there is no composition root there.
    files: ['contract/**/*.ts'],
    plugins: { layers: layerRules },
    rules: {
      'layers/layer-boundaries': ['error', { root: 'contract', layers: ['core', 'schemas', 'book', 'catalog', 'fixtures'] }],
    },
  },
  {
    // The simulator's layers, lowest first (ARCHITECTURE.md): the market drives trading,
    // the portfolio reads both, the API serves all of them, and the extensions sit on the
    // API. server.ts and the other root files compose everything.
    files: ['simulator/src/**/*.ts'],
    plugins: { layers: layerRules },
    rules: {
      'layers/layer-boundaries': [
        'error',
        {
          root: 'simulator/src',
          layers: ['core', 'instruments', 'bus', 'engine', 'accounts', 'trading', 'market', 'portfolio', 'api', 'limits', 'products', 'faults', 'admin', '.', 'testing', 'sdk-suite'],
        },
      ],
    },
  },
  {
    // The proxy's layers, lowest first: keys and HTTP helpers, sessions, the call policy,
    // the upstream client, audit, the relay and the archive and jobs built on them; the
    // route files (routes/, with the context bag they share) wire them to Fastify, and
    // app.ts and main.ts compose everything.
    files: ['server-proxy/src/**/*.ts'],
    plugins: { layers: layerRules },
    rules: {
      'layers/layer-boundaries': [
        'error',
        {
          root: 'server-proxy/src',
          layers: ['core', 'keys', 'http', 'auth', 'policy', 'upstream', 'audit', 'relay', 'archive', 'jobs', 'ops', 'routes', '.', 'test-support'],
        },
      ],
    },
  },
  {
    files: ['web/**'],
    plugins: { desk: deskRules },
    rules: { 'desk/feature-boundaries': 'error' },
  },
);
