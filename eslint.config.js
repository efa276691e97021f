import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['generated/**', 'dist/**', 'node_modules/**', 'codegen/asyncapi-docs/**', 'build/**', 'test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
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
            { target: './src', from: './tests', message: 'The console must not depend on tests.' },
            { target: './src/shared', from: './src/features' },
            { target: './src/shared', from: './src/app' },
            { target: './src/lib', from: './src/features' },
            { target: './src/lib', from: './src/app' },
            { target: './src/features', from: './src/app' },
            {
              target: './src/features/auth',
              from: './src/features',
              except: ['./auth'],
              message: 'A feature does not import another feature.',
            },
            {
              target: './src/features/panels',
              from: './src/features',
              except: ['./panels'],
              message: 'A feature does not import another feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests beside the code drive the real mock parts (Prism, broker); the console itself never imports them.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
