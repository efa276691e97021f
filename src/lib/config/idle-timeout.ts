/**
 * How long a signed-in console may stay without activity before it signs out (`idleTimeoutMinutes` in config.json).
 * A value the console cannot use does not stop the console (that would lock everyone out over a typo): it falls back
 * to the default, and the browser console says why.
 */
import type { ConsoleConfig } from './config.ts';

export const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;
/** At least two minutes (the warning comes a minute before), at most a working day. */
export const IDLE_TIMEOUT_RANGE_MINUTES = { min: 2, max: 720 } as const;

/** The idle timeout in force, in milliseconds. */
export function idleTimeoutMs(
  config: Pick<ConsoleConfig, 'idleTimeoutMinutes'>,
  warn: (message: string) => void = console.warn,
): number {
  const value: unknown = config.idleTimeoutMinutes;
  const { min, max } = IDLE_TIMEOUT_RANGE_MINUTES;
  if (value === undefined) return DEFAULT_IDLE_TIMEOUT_MINUTES * 60_000;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    warn(
      `config.json: "idleTimeoutMinutes" must be a whole number of minutes from ${min} to ${max} ` +
        `(it is ${JSON.stringify(value)}); the default of ${DEFAULT_IDLE_TIMEOUT_MINUTES} minutes is used`,
    );
    return DEFAULT_IDLE_TIMEOUT_MINUTES * 60_000;
  }
  return value * 60_000;
}
