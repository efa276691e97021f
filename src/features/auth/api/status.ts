import type { StatusResult } from '../../../../generated/api/types.gen.ts';

/** A `StatusResult` whose status contains `Success` is a confirmation (contract `StatusResult`, spec 1 §3). */
export const isSuccessStatus = (result: StatusResult): boolean => result.status.includes('Success');

/** A 200 answer that is not a confirmation. The gateway saw no failure, so the hook shows its message. */
export class StatusFailure extends Error {
  override name = 'StatusFailure';
}
