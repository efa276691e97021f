/**
 * After an arm command the panel answers `Err` 0 as soon as it took the command, but a panel with an open zone
 * may still refuse to arm. The console watches the live state for a few seconds and says plainly when it did not
 * turn armed, so nobody walks away from a panel that silently stayed disarmed.
 */
/** How long a panel may take to report itself armed on the live feed. */
export const ARM_CONFIRM_MS = 8_000;

/** The part of a panel's live state the watch reads (flags as booleans or the panels' 0/1). */
export interface ArmState {
  armed?: boolean | number;
  PartList?: readonly { partno: number; armed?: boolean | number }[];
}

/** What the watch needs of the live feed: keep a panel watched, hear its messages, read its state. */
export interface LiveSource {
  watch(devId: number): () => void;
  listen(devId: number, listener: () => void): () => void;
  state(devId: number): ArmState | undefined;
}

export interface ArmTarget {
  devId: number;
  /** The partition armed one by one, if the command was for a partition. */
  partno?: number;
}

/** Whether the live state shows the target armed (the whole panel, or the one partition). */
export function isArmed(state: ArmState | undefined, partno?: number): boolean {
  if (!state) return false;
  if (partno === undefined) return Boolean(state.armed);
  return Boolean(state.PartList?.find((part) => part.partno === partno)?.armed);
}

/**
 * Watches `target` until it is armed or `timeoutMs` passed; calls `onNotArmed` in the second case. The returned
 * function stops the watch early. `after` schedules the deadline (a timer in the console).
 */
export function watchArming(
  source: LiveSource,
  target: ArmTarget,
  onNotArmed: () => void,
  after: (ms: number, run: () => void) => () => void = (ms, run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
  timeoutMs = ARM_CONFIRM_MS,
): () => void {
  let done = false;
  const release = source.watch(target.devId);
  let unlisten = () => {};
  let cancelTimer = () => {};
  const stop = () => {
    if (done) return;
    done = true;
    unlisten();
    cancelTimer();
    release();
  };
  if (isArmed(source.state(target.devId), target.partno)) {
    stop();
    return stop;
  }
  unlisten = source.listen(target.devId, () => {
    if (isArmed(source.state(target.devId), target.partno)) stop();
  });
  cancelTimer = after(timeoutMs, () => {
    if (done) return;
    stop();
    onNotArmed();
  });
  return stop;
}
