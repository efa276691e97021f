import { describe, expect, it } from 'vitest';
import { clientKey, isLoopback } from './client-address.ts';

describe('the client key of the attempt limits', () => {
  it('is the connection’s address, whatever a remote client claims in X-Forwarded-For', () => {
    expect(clientKey('203.0.113.5', '198.51.100.1')).toBe('203.0.113.5');
    expect(clientKey('::ffff:203.0.113.5', undefined)).toBe('203.0.113.5');
  });

  it('believes X-Forwarded-For on a loopback connection (the stack’s own proxy): its last entry', () => {
    expect(clientKey('127.0.0.1', 'spoofed-by-client, 198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::1', ['198.51.100.8'])).toBe('198.51.100.8');
    expect(clientKey('::ffff:127.0.0.1', '::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(clientKey('127.0.0.1', '')).toBe('127.0.0.1');
  });

  it('knows this machine’s addresses', () => {
    expect([isLoopback('127.0.0.2'), isLoopback('::1'), isLoopback('10.0.0.1'), isLoopback('')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
