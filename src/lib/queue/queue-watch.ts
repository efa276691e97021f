/**
 * The shell's watch of the programming queue: it reads which panels have writes waiting
 * (getPanelQueueSummary) every BUSY_POLL_MS while any has, every IDLE_POLL_MS otherwise, and at once when a panel
 * with writes waiting connects (the live feed says so) or when this tab queued, resolved or cancelled a write. The
 * writes it has seen waiting (queued or applying) are followed: when one becomes applied, failed or conflicted, it
 * is told once (`notify`), read with getPanelQueue's `since`. Nothing here changes anything on the server.
 */
import type { QueueCount, QueueItem, QueueState } from '@generated/api/types.gen.ts';
import { anyQueued, setQueueCounts } from './queue-counts.ts';

export const BUSY_POLL_MS = 5_000;
export const IDLE_POLL_MS = 60_000;
/** How far before the first sight of a followed write the `since` read starts (clocks of server and browser). */
export const SINCE_SLACK_MS = 10 * 60_000;
/** The largest page of getPanelQueue (the contract's `limit` maximum). */
export const QUEUE_PAGE = 1000;

/** The states a followed write ends its wait in, each told once. */
export type QueueOutcome = Extract<QueueState, 'applied' | 'failed' | 'conflicted'>;
const OUTCOMES: readonly QueueState[] = ['applied', 'failed', 'conflicted'];
const WAITING: readonly QueueState[] = ['queued', 'applying'];

export interface QueueWatchDeps {
  readSummary(signal: AbortSignal): Promise<readonly QueueCount[]>;
  /** getPanelQueue of every panel in reach: the waiting writes (`state`) or those finished since a time. */
  readItems(query: { state?: string; since?: string }, signal: AbortSignal): Promise<readonly QueueItem[]>;
  /** A followed write became applied, failed or conflicted. */
  notify(item: QueueItem & { state: QueueOutcome }): void;
  now?(): number;
}

export class QueueWatch {
  /** The writes seen waiting, with when they were first seen. */
  private readonly followed = new Map<number, number>();
  private controller = new AbortController();
  private timer?: ReturnType<typeof setTimeout>;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: QueueWatchDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Reads now and then on its own schedule, until stopped. */
  start(): void {
    this.checkNow();
  }

  /** Stops reading (signed out): the call under way is aborted and the counts are forgotten. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.controller.abort();
    this.followed.clear();
    setQueueCounts([]);
  }

  /** A write this tab just queued (or queued again by a resolve): followed from now on. */
  follow(item: Pick<QueueItem, 'id' | 'state'>): void {
    if (WAITING.includes(item.state) && !this.followed.has(item.id)) this.followed.set(item.id, this.now());
  }

  /** Whether a write is followed (tests). */
  follows(id: number): boolean {
    return this.followed.has(id);
  }

  /** Reads at once (a panel with writes waiting connected, or this tab changed the queue). */
  checkNow(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = true;
    void this.check().finally(() => {
      this.running = false;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.checkNow();
      } else this.schedule();
    });
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.checkNow(), anyQueued() || this.followed.size > 0 ? BUSY_POLL_MS : IDLE_POLL_MS);
  }

  private async check(): Promise<void> {
    const { signal } = this.controller;
    try {
      const summary = await this.deps.readSummary(signal);
      if (signal.aborted) return;
      setQueueCounts(summary);
      const waiting = summary.some((count) => count.queued > 0)
        ? await this.deps.readItems({ state: WAITING.join(',') }, signal)
        : [];
      if (signal.aborted) return;
      const waitingIds = new Set(waiting.map((item) => item.id));
      for (const item of waiting) this.follow(item);
      // Only a followed write no longer waiting has something to tell.
      const moved = [...this.followed].filter(([id]) => !waitingIds.has(id));
      if (moved.length === 0) return;
      const since = new Date(Math.min(...moved.map(([, at]) => at)) - SINCE_SLACK_MS).toISOString();
      const finished = await this.deps.readItems({ since }, signal);
      if (signal.aborted) return;
      for (const item of finished) {
        if (!this.followed.has(item.id) || waitingIds.has(item.id)) continue;
        if (WAITING.includes(item.state)) continue;
        this.followed.delete(item.id);
        if (OUTCOMES.includes(item.state)) this.deps.notify(item as QueueItem & { state: QueueOutcome });
      }
    } catch {
      // A failed read changes nothing: the counts stay as last read and the next read comes on schedule.
    }
  }
}
