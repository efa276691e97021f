import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION_QUERY, prefersReducedMotion, scrollBehavior } from './reduced-motion.ts';

/** A window whose media queries answer `reduce` for the motion setting as given (and nothing else). */
const stubWindow = (reduce: boolean) => {
  const asked: string[] = [];
  vi.stubGlobal('window', {
    matchMedia: (query: string) => {
      asked.push(query);
      return { matches: query === REDUCED_MOTION_QUERY && reduce };
    },
  });
  return asked;
};

describe('the motion setting as code that scrolls reads it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('jumps instead of gliding when the person asked for less motion', () => {
    const asked = stubWindow(true);
    expect(prefersReducedMotion()).toBe(true);
    expect(scrollBehavior()).toBe('auto');
    expect(asked).toEqual([REDUCED_MOTION_QUERY, REDUCED_MOTION_QUERY]);
  });

  it('glides otherwise, and reads the setting at each call (it may change while the page is open)', () => {
    stubWindow(false);
    expect(scrollBehavior()).toBe('smooth');
    stubWindow(true);
    expect(scrollBehavior()).toBe('auto');
  });

  it('glides where there is no window to ask', () => {
    expect(typeof window).toBe('undefined');
    expect(prefersReducedMotion()).toBe(false);
    expect(scrollBehavior()).toBe('smooth');
  });
});
