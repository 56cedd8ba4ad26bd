// Lint exists mainly to enforce the import direction of the architecture:
// core is pure (no React, DOM UI libraries, Monaco, zustand, app or cli code);
// only src/app/preview may import Monaco.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const monacoImports = [
  { group: ['monaco-editor', 'monaco-editor/*', '@monaco-editor/*'], message: 'Only src/app/preview imports Monaco (ARCHITECTURE.md).' },
];

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
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'zustand', 'zustand/*', 'zundo', 'idb-keyval'], message: 'src/core is pure TypeScript: no UI or browser-storage libraries.' },
          ...monacoImports,
          { group: ['**/app/**', '**/cli/**', '../app', '../cli'], message: 'src/core must not import app or cli code.' },
        ],
      }],
    },
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
