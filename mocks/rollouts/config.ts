/**
 * The roll-out engine's settings (mocks/rollouts/engine.ts): the mock's "minute" (`pause_minutes`,
 * `back_online_minutes`) is `minute_ms` milliseconds, each panel update takes `update_ms`, and of each stage the
 * first round(failure_rate × size) panels refuse the update, the next round(offline_rate × size) accept it but stay
 * offline. The mock control `POST /__mock/rollouts/config` `{ failure_rate?, offline_rate?, minute_ms?, update_ms? }`
 * sets them (400 with a message otherwise); `areas/reset` puts the defaults back.
 */
import type { Body } from '../area.ts';

export interface RolloutConfig {
  failure_rate: number;
  offline_rate: number;
  minute_ms: number;
  update_ms: number;
}

export const DEFAULT_CONFIG: RolloutConfig = { failure_rate: 0, offline_rate: 0, minute_ms: 1000, update_ms: 1500 };

const RATE = (value: unknown) => typeof value === 'number' && value >= 0 && value <= 1;
const MS = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 600_000;

/** The body of `POST /__mock/rollouts/config`, or why it is refused. */
export function parseRolloutConfig(raw: Buffer, current: RolloutConfig): RolloutConfig | string {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return 'The body must be JSON: { failure_rate?, offline_rate?, minute_ms?, update_ms? }';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The body must be an object';
  const values = body as Body;
  const unknown = Object.keys(values).filter((key) => !(key in DEFAULT_CONFIG));
  if (unknown.length) return `Unknown setting: ${unknown.join(', ')}`;
  for (const key of ['failure_rate', 'offline_rate'] as const) {
    if (key in values && !RATE(values[key])) return `\`${key}\` must be a number from 0 to 1`;
  }
  for (const key of ['minute_ms', 'update_ms'] as const) {
    if (key in values && !MS(values[key])) return `\`${key}\` must be a whole number of milliseconds, 1 to 600000`;
  }
  const next = { ...current, ...(values as Partial<RolloutConfig>) };
  if (next.failure_rate + next.offline_rate > 1) return '`failure_rate` and `offline_rate` together must be at most 1';
  return next;
}
