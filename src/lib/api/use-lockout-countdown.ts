/**
 * The seconds left of a lock, live: a render each second while any is left, none after (and none once the component
 * is gone: leaving the page stops the timer). The time left is read from the lock's end on each tick, never counted
 * down, so a tab that was hidden (whose timers the browser slows) shows the right time as soon as it is seen again.
 */
import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (0 once it has passed). */
export const secondsLeft = (until: number, now = Date.now()): number => Math.max(0, Math.ceil((until - now) / 1000));

/** A countdown as minutes:seconds (`14:05`; an hour or more as `75:00`). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export function useLockoutCountdown(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const left = until === undefined ? 0 : secondsLeft(until, now);
  // The timer runs while a lock lasts: it starts with a new lock and stops when the time is up.
  const over = left === 0;
  useEffect(() => {
    if (until === undefined || secondsLeft(until) === 0) return undefined;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [until, over]);
  return left;
}
