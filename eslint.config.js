// Lint: typescript-eslint, React hook rules as errors, and import boundaries that keep the mock API, the API
// client and the UI apart (see docs/ARCHITECTURE.md).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each feature stands alone: what two features share moves down to components, lib or the data layer.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const UI = ['**/app/**', '**/features/**', '**/components/**', '**/lib/**'];
const noMock = {
  group: ['**/mock/**', 'node:*'],
  message:
    'The console runs in the browser: it talks to the API over HTTP and never imports server code or Node modules.',
};

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'API text is shown as text; never as HTML.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '@/*', 'node:*', 'react', 'react-*'],
              message: 'src/shared is what both sides share (the wire protocol, the kinds): it imports only itself.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/mock/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...UI, '**/data/**', 'react', 'react-*', '@tanstack/*', 'zustand', 'monaco-editor'],
              message: 'The mock API is a Node server: it imports src/shared and never console code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/data/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noMock,
            { group: UI, message: 'The API client does HTTP and nothing else: it shows nothing and knows no UI.' },
            // Its neighbours in src/data (watches, the query client, stores) are built on it, not the other way.
            {
              group: [
                '../*.ts',
                '../*.tsx',
                '../watch/**',
                '../page-fetch/**',
                '../call-log/**',
                '**/data/*.ts',
                '**/data/*.tsx',
                '**/data/watch/**',
                '**/data/page-fetch/**',
                '**/data/call-log/**',
              ],
              message: 'The API client imports only itself and src/shared; the rest of src/data is built on it.',
            },
            {
              group: ['react', 'react-*', 'zustand'],
              message: 'The API client is framework-free; hooks live in src/data and src/features/*/api.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**', 'src/components/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noMock,
            { group: ['**/app/**'], message: 'Imports flow one way: app → features → shared components and lib.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/kinds/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noMock,
            {
              group: ['**/app/**', '**/features/**'],
              message: 'The kinds registry is what every feature reads: it may not depend on features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**', 'src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noMock,
            {
              group: ['**/app/**', '**/features/**', '**/kinds/**'],
              message: 'Shared components and lib may not depend on features, the kinds registry or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // The data layer sits under every view: it talks to the API and caches, and draws nothing.
    files: ['src/data/**'],
    ignores: ['src/data/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noMock,
            {
              group: ['**/app/**', '**/features/**', '**/components/**'],
              message: 'The data layer may not depend on features, components or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/**', 'src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noMock] }] },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver(),
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] }),
      ],
    },
    rules: {
      // A circle of imports has no first file to read, and it is how layers quietly start to depend on each other.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: FEATURES.map((name) => ({
            target: `./src/features/${name}`,
            from: './src/features',
            except: [`./${name}`],
            message: 'Features never import each other: move what both need down to components, lib or the data layer.',
          })),
        },
      ],
    },
  },
  {
    // Tests (and the contract and kubectl harnesses under tests/) may start the real mock and use Node; shipped code may not.
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
