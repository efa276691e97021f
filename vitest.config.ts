import { availableParallelism } from 'node:os';
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
    // Files run side by side: a test that starts Prism, the broker or a server binds free ports (mocks/ports.ts) and
    // writes only into a temporary folder of its own. Much of their time is spent waiting for those processes, so
    // one worker more than the machine has cores keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism() + 1),
  },
});
