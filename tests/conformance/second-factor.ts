/**
 * The proposed second factor in the example replay: a call that takes a current code of an account's authenticator
 * app (`x-needs-live-code: true`) cannot be replayed from a static example (a code lives 30 seconds and is accepted
 * once), so the replay skips it with this reason.
 */
import type { Operation } from '../../mocks/contract.ts';

export const NEEDS_LIVE_CODE =
  "takes a live code of the account's authenticator app (x-needs-live-code): a static example cannot be replayed";

export const needsLiveCode = (operation: Operation): boolean => operation.spec['x-needs-live-code'] === true;
