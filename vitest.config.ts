import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { localePartsPlugin } from './codegen/locale-parts.ts';

/**
 * The files that run for many seconds (they start the AsyncAPI generator, Prism, the broker or `npm start`) start
 * first, so the run does not end with one of them alone on one core; the others keep vitest's own order.
 */
const LONG_FILES = [
  'tests/contract/asyncapi-docs.test.ts',
  'codegen/check-drift.test.ts',
  'mocks/stop.test.ts',
  'mocks/start.test.ts',
  'conformance/',
  'mocks/stack.test.ts',
];
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((long) => file.moduleId.includes(`/${long}`));
      return index < 0 ? LONG_FILES.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  plugins: [localePartsPlugin()],
  resolve: { alias: { '@generated': fileURLToPath(new URL('./generated', import.meta.url)) } },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
      'conformance/**/*.test.ts',
      'codegen/**/*.test.ts',
      'mocks/**/*.test.ts',
      'deploy/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', '**/node_modules/**', 'build/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run side by side: a test that starts Prism, the broker or a server binds free ports (mocks/ports.ts) and
    // writes only into a temporary folder of its own. Much of their time is spent waiting for those processes, so
    // one worker more than the machine has cores keeps both cores busy.
    maxWorkers: Math.max(2, availableParallelism() + 1),
    sequence: { sequencer: LongFilesFirst },
  },
});
