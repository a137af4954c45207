// ESLint (flat config): typescript-eslint's recommended rules for every TypeScript file, plus the
// architecture boundaries that used to hold only by convention (docs/CONTRIBUTING.md, "Boundaries").
// `npm run lint` runs it; `npm test` runs `npm run lint` first, so a violation fails the build.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { builtinModules } from 'node:module';

const nodeBuiltins = [...builtinModules.filter((m) => !m.startsWith('_')), ...builtinModules.map((m) => `node:${m}`)];

/** Relative or bare import specifiers that reach into a top-level part of the repository. */
const into = (part) => [`${part}/*`, `**/${part}/*`, `**/${part}/**`];

const ENGINE_IS_PURE =
  'shared/ is the engine: it runs in Node and in the browser, so it imports nothing Node-only or browser-only and nothing from server/ or extension/ (docs/architecture.md).';
const RULES_NEVER_FETCH = 'Rules are pure functions of the snapshot: they never import gathering or I/O (docs/architecture.md).';
const EXTENSION_NOT_SERVER = 'The extension ships to browsers: it never imports server/ code. Shared code belongs in shared/.';

/** Paths (as the import string spells them) the engine may not import, with the reason. */
const engineRestrictions = {
  paths: nodeBuiltins.map((name) => ({ name, message: ENGINE_IS_PURE })),
  patterns: [
    { group: [...into('server'), ...into('extension')], message: ENGINE_IS_PURE },
    {
      group: [
        'wxt',
        'wxt/*',
        'webextension-polyfill',
        '#imports',
        'preact',
        'preact/*',
        'preact-render-to-string',
        'preact-render-to-string/*',
      ],
      message: ENGINE_IS_PURE,
    },
  ],
};

/**
 * shared/report/ renders reports as Preact components (to a string on the server, into the DOM in the
 * extension's popup and dashboard): the one part of shared/ that may import preact, and nothing else
 * the engine may not.
 */
const REPORTS_ARE_PURE =
  'shared/report/ renders pure functions of an audit or a crawl: preact only, nothing Node-only or browser-only, nothing from server/ or extension/.';
const reportRestrictions = {
  paths: nodeBuiltins.map((name) => ({ name, message: REPORTS_ARE_PURE })),
  patterns: [
    { group: [...into('server'), ...into('extension')], message: REPORTS_ARE_PURE },
    { group: ['wxt', 'wxt/*', 'webextension-polyfill', '#imports'], message: REPORTS_ARE_PURE },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      '.output/**',
      '.wxt/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      '.tmp/**',
      'tests/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are dead code; a leading underscore marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `typeof import('...')` stays allowed: it types a module loaded lazily with a dynamic import().
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-constant-condition': ['error', { checkLoops: false }],
      // Control characters in patterns are deliberate here: untrusted text is stripped of them before display.
      'no-control-regex': 'off',
    },
  },
  {
    // Tests and benchmarks read JSON answers whose shape is what they assert; `any` there costs nothing.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['extension/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.webextensions } },
  },
  {
    // Small functions and files (docs/CONTRIBUTING.md, "Size"). Warnings here; tests/lint/sizes.test.ts fails the
    // build when a function passes 80 lines, more than ten pass 60, or a file passes 400.
    files: ['server/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['warn', { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }],
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
  // --- Architecture boundaries --------------------------------------------------------------
  {
    files: ['shared/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': ['error', engineRestrictions],
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'Buffer',
          '__dirname',
          '__filename',
          'require',
          'window',
          'document',
          'navigator',
          'chrome',
          'browser',
          'localStorage',
        ].map((name) => ({ name, message: ENGINE_IS_PURE })),
      ],
    },
  },
  {
    files: ['shared/report/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', reportRestrictions] },
  },
  {
    files: ['shared/rules/**/*.ts', 'shared/judge/**/*.ts', 'shared/score/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', engineRestrictions],
      // A type (FetchedResource is part of the snapshot) brings no I/O; a value from gathering does.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...into('gather'), '**/types/fetcher.js', '**/audit/gather-for-audit.js', '**/audit/run-audit.js'],
              message: RULES_NEVER_FETCH,
              allowTypeImports: true,
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'process', 'Buffer', 'window', 'document', 'navigator', 'chrome', 'browser'].map(
          (name) => ({
            name,
            message: RULES_NEVER_FETCH,
          }),
        ),
      ],
    },
  },
  {
    files: ['extension/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: into('server'), message: EXTENSION_NOT_SERVER }] }],
    },
  },
);
