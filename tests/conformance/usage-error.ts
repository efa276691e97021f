/** A bad option: the CLI answers it with its usage text and exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
