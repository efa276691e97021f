import { describe, expect, it, vi } from 'vitest';
import { isArmed, watchArming, type ArmState, type LiveSource } from './arm-watch.ts';

/** A live feed in memory: set a state, tell the listeners. */
function feed(initial?: ArmState) {
  let state = initial;
  const listeners = new Set<() => void>();
  let watching = 0;
  const source: LiveSource = {
    watch: () => {
      watching += 1;
      return () => void (watching -= 1);
    },
    listen: (_devId, listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    state: () => state,
  };
  return {
    source,
    push(next: ArmState) {
      state = next;
      listeners.forEach((listener) => listener());
    },
    watching: () => watching,
    listeners: () => listeners.size,
  };
}

/** A deadline fired by hand. */
function deadline() {
  let run: (() => void) | undefined;
  return {
    after: (_ms: number, fn: () => void) => {
      run = fn;
      return () => void (run = undefined);
    },
    fire: () => run?.(),
    pending: () => run !== undefined,
  };
}

describe('arm watch', () => {
  it('reads armed flags as booleans or 0/1, for the panel or one partition', () => {
    expect(isArmed({ armed: 1 })).toBe(true);
    expect(isArmed({ armed: false })).toBe(false);
    expect(isArmed({ armed: true, PartList: [{ partno: 2, armed: 0 }] }, 2)).toBe(false);
    expect(isArmed({ PartList: [{ partno: 2, armed: true }] }, 2)).toBe(true);
    expect(isArmed(undefined)).toBe(false);
  });

  it('says nothing when the panel turns armed in time, and stops watching', () => {
    const live = feed({ armed: false });
    const timer = deadline();
    const onNotArmed = vi.fn();
    watchArming(live.source, { devId: 1 }, onNotArmed, timer.after);
    expect(live.watching()).toBe(1);
    live.push({ armed: true });
    expect(live.watching()).toBe(0);
    expect(live.listeners()).toBe(0);
    expect(timer.pending()).toBe(false);
    timer.fire();
    expect(onNotArmed).not.toHaveBeenCalled();
  });

  it('warns when the deadline passes and the panel is still disarmed', () => {
    const live = feed({ armed: false });
    const timer = deadline();
    const onNotArmed = vi.fn();
    watchArming(live.source, { devId: 1 }, onNotArmed, timer.after);
    live.push({ armed: false });
    timer.fire();
    expect(onNotArmed).toHaveBeenCalledOnce();
    expect(live.watching()).toBe(0);
  });

  it('watches the partition that was armed, not the panel flag', () => {
    const live = feed({
      armed: true,
      PartList: [
        { partno: 1, armed: true },
        { partno: 2, armed: false },
      ],
    });
    const timer = deadline();
    const onNotArmed = vi.fn();
    watchArming(live.source, { devId: 2, partno: 2 }, onNotArmed, timer.after);
    expect(timer.pending()).toBe(true);
    live.push({
      armed: true,
      PartList: [
        { partno: 1, armed: true },
        { partno: 2, armed: true },
      ],
    });
    timer.fire();
    expect(onNotArmed).not.toHaveBeenCalled();
  });

  it('an already armed state ends the watch at once', () => {
    const live = feed({ armed: true });
    const timer = deadline();
    const onNotArmed = vi.fn();
    watchArming(live.source, { devId: 1 }, onNotArmed, timer.after);
    expect(timer.pending()).toBe(false);
    expect(live.watching()).toBe(0);
  });
});
