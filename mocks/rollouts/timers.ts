/** The roll-out engine's timers: work to do later, all of it ended at once on reset and when the mock stops. */
export class Timers {
  private readonly pending = new Set<NodeJS.Timeout>();

  later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      work();
    }, ms);
    this.pending.add(timer);
  }

  stop(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
