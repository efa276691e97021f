import { describe, expect, it } from 'vitest';
import { requestActions, STATE_KEYS } from './request-actions.ts';

describe('the actions of a dealership request', () => {
  it('approves or rejects only a pending request', () => {
    expect(requestActions({ state: 0 })).toEqual([{ action: 'approve' }, { action: 'reject' }]);
    for (const state of [1, 2] as const) {
      expect(requestActions({ state })).toEqual([
        { action: 'approve', reason: 'dealerRequests.actions.notPending' },
        { action: 'reject', reason: 'dealerRequests.actions.notPending' },
      ]);
    }
  });

  it('names every state of the contract', () => {
    expect(STATE_KEYS).toEqual({
      0: 'dealerRequests.states.pending',
      1: 'dealerRequests.states.approved',
      2: 'dealerRequests.states.rejected',
    });
  });
});
