import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { localePartsPlugin } from './codegen/locale-parts.ts';

export default defineConfig({
  plugins: [localePartsPlugin()],
  resolve: { alias: { '@generated': fileURLToPath(new URL('./generated', import.meta.url)) } },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
      'codegen/**/*.test.ts',
      'mocks/**/*.test.ts',
      'deploy/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', '**/node_modules/**', 'build/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests that start the mock stack bind ports: run files one at a time.
    fileParallelism: false,
  },
});
