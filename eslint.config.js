import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // One-way imports (DESIGN.md): lib -> features -> app on the web, plugins -> modules on the API.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/app' },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/api/src/plugins', from: './apps/api/src/modules' },
            { target: './packages/contract', from: './apps' },
          ],
        },
      ],
    },
    settings: { 'import-x/resolver-next': [] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
