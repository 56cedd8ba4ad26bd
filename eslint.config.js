// Lint exists mainly to enforce the import direction of the architecture:
// core is pure (no React, DOM UI libraries, Monaco, zustand, app or cli code), its formats and
// interchange folders do not import each other; only src/app/preview may import Monaco.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const monacoImports = [
  { group: ['monaco-editor', 'monaco-editor/*', '@monaco-editor/*'], message: 'Only src/app/preview imports Monaco (docs/architecture.md).' },
];

const corePure = [
  { group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'zustand', 'zustand/*', 'zundo', 'idb-keyval'], message: 'src/core is pure TypeScript: no UI or browser-storage libraries.' },
  ...monacoImports,
  { group: ['**/app/**', '**/cli/**', '../app', '../cli'], message: 'src/core must not import app or cli code.' },
];
const notFormats = (who) => ({ group: ['**/formats/**', '**/formats'], message: `${who} must not import src/core/formats (pieces both sides need live in src/core/shared or src/core/model; see docs/architecture.md).` });
const notInterchange = (who) => ({ group: ['**/interchange/**', '**/interchange'], message: `${who} must not import src/core/interchange (pieces both sides need live in src/core/shared or src/core/model; see docs/architecture.md).` });

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'lib/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['bin/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: corePure }] },
  },
  // One-way core folders: formats and interchange both build on model and shared, never on
  // each other. (A later block replaces the rule's options for its files, so each repeats
  // corePure.) Tests may cross: one that follows a record through a dialect and a format checks
  // both together, and nothing imports a test.
  {
    files: ['src/core/formats/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...corePure, notInterchange('src/core/formats')] }] },
  },
  {
    files: ['src/core/interchange/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...corePure, notFormats('src/core/interchange')] }] },
  },
  {
    files: ['src/core/model/**/*.ts', 'src/core/shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...corePure, notFormats('src/core/model and src/core/shared'), notInterchange('src/core/model and src/core/shared')] }] },
  },
  {
    files: ['src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', 'zustand', '**/app/**'], message: 'The CLI uses src/core only.' },
          ...monacoImports,
        ],
      }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/preview/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...monacoImports, { group: ['**/cli/**'], message: 'The app does not import the CLI.' }] }],
    },
  },
);
