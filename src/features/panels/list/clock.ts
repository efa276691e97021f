/**
 * One ticking clock for every "updated … ago" of the list: a single interval runs while anything shows an age (a
 * timer per card would be thousands of timers), and stops when the last one unmounts.
 */
import { useSyncExternalStore } from 'react';

export const TICK_MS = 1000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = 0;

// Whole ticks, so two reads in one render agree even with no timer running.
const read = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = read();
    timer = setInterval(() => {
      now = read();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = () => (timer === undefined ? read() : now);

/** The shared clock's current time (milliseconds), re-rendering once per tick. */
export const useNow = (): number => useSyncExternalStore(subscribe, snapshot, snapshot);
