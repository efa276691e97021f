/** What the sign-in page fetches ahead: the routes' code and the modules named, once idle; nothing on a data saver. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyRoute } from '@tanstack/react-router';
import { prefetchForSignIn } from './sign-in-prefetch.ts';

const route = (preload: () => Promise<void>) => ({ options: { component: { preload } } }) as unknown as AnyRoute;

afterEach(() => vi.unstubAllGlobals());

describe('the sign-in prefetch', () => {
  it("fetches each route's code and each module once the page is idle; a failure is left to the route", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('window', { requestIdleCallback: (run: () => void) => idle.push(run) });
    vi.stubGlobal('navigator', {});
    const frame = vi.fn(async () => undefined);
    const list = vi.fn(() => Promise.reject(new Error('offline')));
    const texts = vi.fn(async () => undefined);
    prefetchForSignIn([route(frame), undefined, route(list)], [texts]);
    expect(frame).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    await Promise.resolve();
    expect([frame, list, texts].map((load) => load.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('fetches nothing ahead when the browser asks to save data', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('window', { requestIdleCallback: (run: () => void) => idle.push(run) });
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    const texts = vi.fn(async () => undefined);
    prefetchForSignIn([], [texts]);
    expect(idle).toHaveLength(0);
    expect(texts).not.toHaveBeenCalled();
  });
});
