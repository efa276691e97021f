/** Runs coalesced work once: the live store's frame. */
export type Scheduler = (flush: () => void) => void;

/**
 * The next animation frame; a hidden tab draws no frames, so a timer stands in after a while (subscriptions and
 * the arm sound must not wait for the tab to come back).
 */
export const nextFrame: Scheduler = (flush) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    flush();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, typeof requestAnimationFrame === 'function' ? 250 : 16);
};
