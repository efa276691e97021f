/**
 * Who watches which panel, counted: the first watcher of a panel starts its live updates, the last one stops them
 * after a grace period, so a view that comes straight back (navigation, virtualised rows scrolling back, React's
 * development double effects) keeps its subscription.
 */
export class PanelWatchers {
  private readonly counts = new Map<number, number>();
  /** Releases waiting out the grace period. */
  private readonly releasing = new Map<number, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly releaseDelayMs: number,
    private readonly onFirst: (devId: number) => void,
    private readonly onLast: (devId: number) => void,
  ) {}

  /** Counts a watcher of the panel; the returned function uncounts it (once, however often it is called). */
  watch(devId: number): () => void {
    const count = this.counts.get(devId) ?? 0;
    this.counts.set(devId, count + 1);
    const pending = this.releasing.get(devId);
    if (pending !== undefined) {
      clearTimeout(pending);
      this.releasing.delete(devId);
    } else if (count === 0) this.onFirst(devId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(devId) ?? 1) - 1;
      if (left > 0) return void this.counts.set(devId, left);
      this.counts.delete(devId);
      if (this.releaseDelayMs <= 0) return this.onLast(devId);
      this.releasing.set(
        devId,
        setTimeout(() => {
          this.releasing.delete(devId);
          this.onLast(devId);
        }, this.releaseDelayMs),
      );
    };
  }

  /** Whether the panel is watched or in its grace period (what keeps its topic subscribed). */
  has(devId: number): boolean {
    return this.counts.has(devId) || this.releasing.has(devId);
  }

  /** Drops the releases still waiting. */
  close(): void {
    for (const timer of this.releasing.values()) clearTimeout(timer);
    this.releasing.clear();
  }
}
