/**
 * The person's "reduce motion" setting (`prefers-reduced-motion: reduce`, WCAG 2.3.3): the theme reads it to turn off
 * transitions and ripples, and code that scrolls reads it to jump instead of gliding.
 */
import { useSyncExternalStore } from 'react';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** True when the person asked for less motion (false where there is no window, as in a unit test without one). */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(REDUCED_MOTION_QUERY).matches;

/** The `behavior` of a `scrollIntoView` or `scrollTo`: smooth, unless the person asked for less motion. */
export const scrollBehavior = (): ScrollBehavior => (prefersReducedMotion() ? 'auto' : 'smooth');

const subscribe = (changed: () => void): (() => void) => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/** The setting, read at once (no first frame with motion) and followed as the person changes it. */
export const useReducedMotion = (): boolean => useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
