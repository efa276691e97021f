import { describe, expect, it, vi } from 'vitest';
import { listenActivity } from './idle-activity.ts';

/** A pointer event as the browser sends it, at a place on the screen. */
const pointer = (type: string, screenX: number, screenY: number) =>
  Object.assign(new Event(type), { screenX, screenY });

describe('what counts as activity', () => {
  it('counts a key, a click and a pointer that moved, not one the browser sent for a still mouse', () => {
    const target = new EventTarget() as unknown as Window;
    const active = vi.fn();
    const stop = listenActivity(active, target);
    target.dispatchEvent(pointer('pointermove', 10, 10));
    // The page changed under a still mouse: the browser's own move, at the same place.
    target.dispatchEvent(pointer('pointermove', 10, 10));
    expect(active).toHaveBeenCalledTimes(1);
    target.dispatchEvent(pointer('pointermove', 12, 10));
    target.dispatchEvent(pointer('pointerdown', 12, 10));
    target.dispatchEvent(new Event('keydown'));
    expect(active).toHaveBeenCalledTimes(4);
    stop();
    target.dispatchEvent(new Event('keydown'));
    expect(active).toHaveBeenCalledTimes(4);
  });
});
