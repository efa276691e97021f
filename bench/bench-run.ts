/**
 * A benchmark's life as a process: what it started is stopped again in reverse order (when it is done, when it
 * fails, and at once on a signal), and it ends with its own exit code, or 1 and the reason when it could not run.
 */

/** What a benchmark started, with the one clean-up that stops it all. */
export interface BenchRun {
  cleanups: (() => Promise<unknown>)[];
  cleanup(): Promise<void>;
  /** A signal came: the benchmark does not report the failures its stopping causes. */
  readonly stopping: boolean;
}

/**
 * What a benchmark started, stopped again in reverse order: `cleanup()` once it is done or failed (a second call
 * waits for the first), and at once on SIGINT, SIGTERM or SIGHUP, which then ends the process (130). `stopping` says
 * a signal came, so the benchmark does not report the failures its stopping causes.
 */
export function stopOnExit(): BenchRun {
  const cleanups: (() => Promise<unknown>)[] = [];
  let cleaning: Promise<void> | undefined;
  let stopping = false;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const step of cleanups.splice(0).reverse()) await step().catch(() => undefined);
    })());
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      stopping = true;
      console.error(`\n${signal}: stopping what the benchmark started...`);
      setTimeout(() => process.exit(130), 10_000).unref();
      void cleanup().then(() => process.exit(130));
    });
  }
  return {
    cleanups,
    cleanup,
    get stopping() {
      return stopping;
    },
  };
}

/**
 * Runs a benchmark's `main` to its exit code; a failure is printed as `<name> could not run: …` (exit 1) unless a
 * signal is stopping the benchmark (its handler ends the process). Everything started is stopped, then the process
 * ends.
 */
export async function runBenchmark(name: string, run: BenchRun, main: () => Promise<number>): Promise<never> {
  let exitCode: number;
  try {
    exitCode = await main();
  } catch (error) {
    if (run.stopping) await new Promise(() => undefined); // the signal handler ends the process
    console.error(`${name} could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    exitCode = 1;
  } finally {
    await run.cleanup();
  }
  process.exit(exitCode);
}
