import { describe, expect, it } from 'vitest';
import { isSuccessStatus } from './status.ts';

describe('isSuccessStatus', () => {
  it.each(['Success', 'Success.', 'OperationSuccess'])('accepts %j', (status) =>
    expect(isSuccessStatus({ status })).toBe(true),
  );
  it.each(['Error', 'success', '', 'Failed'])('rejects %j', (status) =>
    expect(isSuccessStatus({ status, message: 'Success' })).toBe(false),
  );
});
