/**
 * Reconnect delays of the live feed: growing, jittered and capped. A broker that comes back is not hit by every
 * console at the same instant (jitter), a broker that stays away is asked less often than at first (growth), and a
 * console never waits longer than the cap to find it back. The cap is short (5 s, so 2.5–5 s between attempts once
 * reached): while the feed is down no alarm reaches the person, so a broker that is back must be found within
 * seconds, not after a wait grown to half a minute; one refused WebSocket handshake every few seconds per tab is
 * still a light load on a broker that is away.
 */
export interface BackoffPolicy {
  /** Delay before the first retry, in milliseconds. */
  initialMs: number;
  /** Growth factor per failed attempt. */
  factor: number;
  /** No delay is longer than this. */
  maxMs: number;
}

export const RECONNECT_BACKOFF: BackoffPolicy = { initialMs: 1000, factor: 2, maxMs: 5000 };

/**
 * The delay before retry number `attempt` (0 for the first retry after a loss): the capped exponential delay,
 * of which a random half is kept ("equal jitter": never less than half, so retries cannot bunch at zero).
 */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  policy: BackoffPolicy = RECONNECT_BACKOFF,
): number {
  const ceiling = Math.min(policy.maxMs, policy.initialMs * policy.factor ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
