import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const generatedDir = fileURLToPath(new URL('./generated', import.meta.url));

// A feature never imports another feature: one zone per feature folder.
const featureZones = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature does not import another feature.',
  }));

const generatedByAlias = { regex: '^(\\.\\./)+generated/', message: 'Import generated code as @generated/...' };
// The console's live feed speaks MQTT through src/lib/live/mqtt-wire.ts; mqtt.js (about 100 kB gzip with its
// Buffer, stream and url polyfills) is for node-side code only: tests, benchmarks, the mock stack.
const noMqttJs = { regex: '^mqtt(/|$)', message: 'The console uses src/lib/live/mqtt-transport.ts, not mqtt.js.' };

export default tseslint.config(
  {
    ignores: [
      'generated/**',
      'dist/**',
      'dist-nginx/**',
      'node_modules/**',
      'codegen/asyncapi-docs/**',
      'build/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'], alias: { '@generated': [generatedDir] } }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-cycle': 'error',
      // One direction of imports: shared -> features -> app; src never imports the mocks.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src', from: './mocks', message: 'The console must not depend on the mock stack.' },
            { target: './src', from: './conformance', message: 'The console must not depend on the checker.' },
            { target: './src', from: './tests', message: 'The console must not depend on tests.' },
            { target: './src', from: './bench', message: 'The console must not depend on the benchmarks.' },
            { target: './src/shared', from: './src/features' },
            { target: './src/shared', from: './src/app' },
            { target: './src/shared', from: './src/lib', message: 'shared/ is generic: it does not import lib/.' },
            { target: './src/lib', from: './src/features' },
            { target: './src/lib', from: './src/app' },
            { target: './src/features', from: './src/app' },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // The console imports generated code through its alias only, and raises toasts only through the feedback
    // module (src/lib/api/feedback.ts): one message per failure, counted, dismissed when the failure is over.
    files: ['src/**'],
    ignores: ['src/lib/api/feedback.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            generatedByAlias,
            noMqttJs,
            {
              regex: '(^|/)toast-store(\\.ts)?$',
              importNames: ['showToast', 'repeatToast'],
              message: 'Raise messages through src/lib/api/feedback.ts, never the toast store directly.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/api/feedback.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [generatedByAlias, noMqttJs] }] },
  },
  {
    // Tests beside the code drive the real mock parts (Prism, broker); the console itself never imports them.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
