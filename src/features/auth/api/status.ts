/** A 200 answer that is not a confirmation. The gateway saw no failure, so the hook shows its message. */
export class StatusFailure extends Error {
  override name = 'StatusFailure';
}
