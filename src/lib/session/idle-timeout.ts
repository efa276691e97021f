/**
 * The idle timeout of a signed-in console: after `timeoutMs` without activity the session ends (sign-out in every
 * tab), with a warning `warnMs` before. Activity is what a person does (pointer, key, touch, the page getting the
 * focus: activity-events.ts), never what arrives on its own (a live-feed message, a call's answer, a token refresh).
 *
 * The tabs of the console share the last activity: each tab posts its own on the session channel (throttled: at most
 * once per `shareEveryMs`, the latest one sent after the pause), and takes a later one from another tab as its own,
 * so a person working in one tab is not signed out by another. Every decision is made from timestamps, not from
 * counting timer ticks: a tab whose timers the browser slowed down (a background tab, a sleeping laptop) decides
 * correctly the moment it runs again.
 */

/** How the tabs tell each other of activity (activity-channel.ts in the browser; the tests give their own). */
export interface ActivityChannel {
  post(at: number): void;
  /** Listens to the other tabs' activity; answers a function that stops listening. */
  listen(heard: (at: number) => void): () => void;
}

export interface IdleWatchOptions {
  timeoutMs: number;
  /** How long before the sign-out the warning comes. */
  warnMs?: number;
  shareEveryMs?: number;
  channel?: ActivityChannel;
  now?: () => number;
  /** The warning is due: the session ends at `deadline` (ms since the epoch) unless there is activity. */
  onWarn: (deadline: number) => void;
  /** Activity (here or in another tab) after a warning: the warning goes. */
  onActive: () => void;
  /** No activity until the deadline: sign out. Called once; the watch stops. */
  onIdle: () => void;
}

export interface IdleWatch {
  /**
   * The person did something in this tab. While the warning shows it does not count: the person answers the warning
   * (moving through its buttons with the keyboard must not close it under them).
   */
  activity(): void;
  /** "Stay signed in": activity now, told to the other tabs at once so their warnings go too. */
  stay(): void;
  stop(): void;
}

export const IDLE_WARNING_MS = 60_000;
export const SHARE_ACTIVITY_EVERY_MS = 5_000;

export function watchIdleness({
  timeoutMs,
  warnMs = IDLE_WARNING_MS,
  shareEveryMs = SHARE_ACTIVITY_EVERY_MS,
  channel,
  now = Date.now,
  onWarn,
  onActive,
  onIdle,
}: IdleWatchOptions): IdleWatch {
  let last = now();
  let warned = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shared = Number.NEGATIVE_INFINITY;
  let shareTimer: ReturnType<typeof setTimeout> | undefined;

  const check = (): void => {
    if (stopped) return;
    clearTimeout(timer);
    const at = now();
    const deadline = last + timeoutMs;
    if (at >= deadline) {
      stop();
      onIdle();
      return;
    }
    if (at >= deadline - warnMs) {
      if (!warned) {
        warned = true;
        onWarn(deadline);
      }
      timer = setTimeout(check, deadline - at);
      return;
    }
    if (warned) {
      warned = false;
      onActive();
    }
    timer = setTimeout(check, deadline - warnMs - at);
  };

  const share = (): void => {
    shareTimer = undefined;
    shared = now();
    channel?.post(last);
  };

  /** Later activity moves the deadline; while no warning shows, the timer already set finds it when it fires. */
  const moved = (at: number): void => {
    if (stopped || at <= last) return;
    last = at;
    if (warned) check();
  };

  const stopListening = channel?.listen((at) => moved(Math.min(at, now())));

  function stop(): void {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(shareTimer);
    stopListening?.();
  }

  check();
  return {
    activity() {
      if (stopped || warned) return;
      moved(now());
      if (shareTimer !== undefined) return;
      const wait = shared + shareEveryMs - now();
      if (wait <= 0) share();
      else shareTimer = setTimeout(share, wait);
    },
    stay() {
      if (stopped) return;
      moved(now());
      clearTimeout(shareTimer);
      share();
    },
    stop,
  };
}
