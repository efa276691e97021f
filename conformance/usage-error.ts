/** A bad option: the CLI answers it with its usage text and exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** What a command of its own is: its usage text, how it reads its arguments and how it runs. */
export interface Command<Args extends { help: boolean }> {
  usage: string;
  /** The start of the one line said when the run fails ("Conformance run failed"). */
  failure: string;
  /** Reads the arguments; a bad one throws a UsageError. */
  parse(argv: string[]): Args;
  /** Runs; resolves to the exit code (0 every check passed, 1 not). */
  run(args: Args): Promise<number>;
}

/**
 * The main of a command: a bad argument (a UsageError, when parsing or when running) is said with the usage text
 * (exit 2), `--help` prints the usage (exit 0), and any other failure of the run is said in one line (exit 1).
 */
export async function runCommand<Args extends { help: boolean }>(
  argv: string[],
  command: Command<Args>,
): Promise<number> {
  const usage = (error: UsageError) => {
    process.stderr.write(`${error.message}\n\n${command.usage}\n`);
    return 2;
  };
  let args: Args;
  try {
    args = command.parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return usage(error);
  }
  if (args.help) {
    process.stdout.write(`${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(args);
  } catch (error) {
    if (error instanceof UsageError) return usage(error);
    process.stderr.write(`${command.failure}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
