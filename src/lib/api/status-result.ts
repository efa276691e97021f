/**
 * The confirmation rule of the spec (1 §3, §8; 2 §4): an answer whose `status` text contains `Success`
 * is a confirmation. Calls whose answer the spec does not show (profile, password, coupon) answer a
 * `StatusResult` in the contract, and the forms confirm only on that text.
 */
import type { StatusResult } from '@generated/api/types.gen.ts';

export const isStatusSuccess = (result: Pick<StatusResult, 'status'> | null | undefined): boolean =>
  typeof result?.status === 'string' && result.status.includes('Success');

/** A 200 answer that is not a confirmation: the call worked, what it asked for did not. */
export class StatusFailure extends Error {
  override name = 'StatusFailure';
}
