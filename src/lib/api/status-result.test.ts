import { describe, expect, it } from 'vitest';
import { isStatusSuccess } from './status-result.ts';

describe('isStatusSuccess', () => {
  it.each(['Success', 'Update Success', 'SuccessFull'])('confirms status %j', (status) => {
    expect(isStatusSuccess({ status })).toBe(true);
  });
  it.each(['Error', 'success', '', 'Failed'])('does not confirm status %j', (status) => {
    expect(isStatusSuccess({ status })).toBe(false);
  });
  it('does not confirm a missing answer', () => {
    expect(isStatusSuccess(undefined)).toBe(false);
    expect(isStatusSuccess(null)).toBe(false);
  });

  // The cases of the former copy in the sign-in feature.
  it.each(['Success.', 'OperationSuccess'])('confirms status %j', (status) => {
    expect(isStatusSuccess({ status })).toBe(true);
  });
  it('reads the status, not the message', () => {
    const answer = { status: 'Failed', message: 'Success' };
    expect(isStatusSuccess(answer)).toBe(false);
  });
});
