import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './tooling/eslint/import-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      // Planted violations: tooling/test/import-boundaries.test.ts lints them and expects errors.
      'tooling/test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // One-way imports (DESIGN.md) and no cycles; tooling/test/import-boundaries.test.ts proves they fire.
  ...importBoundaries(import.meta.dirname),
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // One way to write a date, an amount or a list on every screen (issue 16): only lib/format builds
  // Intl formatters, with the locale it chooses. tooling/test/format-guard.test.ts proves it fires.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Intl', message: 'Format through lib/format (formatDate, formatDateTime, formatAmount, formatNumber, formatList, ...).' }],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: 'Format through lib/format: it chooses the locale and the style every screen shares.',
        })),
        // A collation built in passing costs a screen's first render 15-30 ms (lib/format/index.ts).
        { property: 'localeCompare', message: 'Order through lib/format (compareMoments, compareNames): it keeps collation out of a first render.' },
      ],
    },
  },
);
