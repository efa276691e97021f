import type { ConsoleConfig } from './config.ts';

let current: ConsoleConfig | undefined;

/** Set once at start, after config.json was loaded and checked. */
export const setRuntimeConfig = (config: ConsoleConfig): void => {
  current = config;
};

export const runtimeConfig = (): ConsoleConfig => {
  if (!current) throw new Error('The runtime configuration is not loaded yet');
  return current;
};
