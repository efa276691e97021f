/**
 * The states of a dealership request (spec 2 §3, §4: 0 pending, 1 approved, 2 rejected) and what an administrator
 * can do with one: approve (activate the dealership) or reject it, only while it is pending. Approval cannot be
 * undone, so a decided request lists both actions disabled, with the reason.
 */
import type { DealerRequest, DealerRequestState } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

export const REQUEST_STATES: readonly DealerRequestState[] = [0, 1, 2];

export const STATE_KEYS: Readonly<Record<DealerRequestState, TranslationKey>> = {
  0: 'dealerRequests.states.pending',
  1: 'dealerRequests.states.approved',
  2: 'dealerRequests.states.rejected',
};

export const STATE_COLORS: Readonly<Record<DealerRequestState, 'warning' | 'success' | 'error'>> = {
  0: 'warning',
  1: 'success',
  2: 'error',
};

export type RequestAction = 'approve' | 'reject';

export interface RequestActionState {
  action: RequestAction;
  /** Why it cannot be used now (absent: it can). */
  reason?: TranslationKey;
}

export function requestActions(request: Pick<DealerRequest, 'state'>): RequestActionState[] {
  const reason: TranslationKey | undefined = request.state === 0 ? undefined : 'dealerRequests.actions.notPending';
  return (['approve', 'reject'] as const).map((action) => ({ action, ...(reason ? { reason } : {}) }));
}
