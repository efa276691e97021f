import { describe, expect, it } from 'vitest';
import { reconnectDelay, RECONNECT_BACKOFF } from './backoff.ts';

describe('reconnect backoff', () => {
  it('grows with each attempt and stops at the cap', () => {
    const top = (attempt: number) => reconnectDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(top)).toEqual([1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000]);
  });

  it('keeps a random half of the delay, never less than half', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 0.5)).toBe(750);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_BACKOFF.maxMs / 2);
    const seen = new Set(Array.from({ length: 50 }, (_, i) => reconnectDelay(2, () => i / 50)));
    expect(seen.size).toBe(50);
    for (const delay of seen) expect(delay).toBeGreaterThanOrEqual(2000);
    for (const delay of seen) expect(delay).toBeLessThanOrEqual(4000);
  });

  it('finds a broker that came back within 5 s, however long it was away', () => {
    // A broker away for a long time: the wait before the next attempt never passes the cap.
    for (const attempt of [5, 10, 50, 1000]) expect(reconnectDelay(attempt, () => 1)).toBeLessThanOrEqual(5000);
    // Still polite: never two attempts less than 2.5 s apart once the cap is reached.
    expect(reconnectDelay(10, () => 0)).toBe(2500);
  });
});
