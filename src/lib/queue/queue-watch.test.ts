import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueCount, QueueItem, QueueState } from '@generated/api/types.gen.ts';
import { queueCounts } from './queue-counts.ts';
import { BUSY_POLL_MS, IDLE_POLL_MS, QueueWatch, type QueueWatchDeps } from './queue-watch.ts';

const PANEL = 864215040012345;

const item = (id: number, state: QueueState): QueueItem => ({
  id,
  dev_id: PANEL,
  group: 13,
  member: 0,
  list_id: 0,
  action: 'settings_write',
  state,
  changes: [{ field: 'port', before: 7001, queued: 7002 }],
  queued_by: { id: 3, name: 'Zeynep Kaya' },
  queued_at: '2026-11-20T14:40:00Z',
  finished_at: state === 'queued' || state === 'applying' ? null : '2026-11-20T15:02:11Z',
  panel_answer: state === 'failed' ? { Err: 3 } : null,
});

/** A server whose queue the test sets; counts what the watch read. */
function server() {
  let items: QueueItem[] = [];
  const reads = { summary: 0, waiting: 0, since: 0 };
  const told: QueueItem[] = [];
  const deps: QueueWatchDeps = {
    readSummary: () => {
      reads.summary += 1;
      const waiting = items.filter((entry) => ['queued', 'applying', 'conflicted'].includes(entry.state));
      const counts: QueueCount[] = waiting.length
        ? [
            {
              dev_id: PANEL,
              queued: waiting.filter((entry) => entry.state !== 'conflicted').length,
              conflicted: waiting.filter((entry) => entry.state === 'conflicted').length,
            },
          ]
        : [];
      return Promise.resolve(counts);
    },
    readItems: (query) => {
      if (query.state) {
        reads.waiting += 1;
        return Promise.resolve(items.filter((entry) => query.state!.split(',').includes(entry.state)));
      }
      reads.since += 1;
      return Promise.resolve(items.filter((entry) => entry.finished_at !== null));
    },
    notify: (entry) => told.push(entry),
  };
  return { deps, reads, told, set: (next: QueueItem[]) => (items = next) };
}

describe('the queue watch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads the summary every minute while nothing waits, every 5 seconds while something does', async () => {
    const queue = server();
    const watch = new QueueWatch(queue.deps);
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.reads.summary).toBe(1);
    await vi.advanceTimersByTimeAsync(BUSY_POLL_MS);
    expect(queue.reads.summary).toBe(1);
    queue.set([item(7, 'queued')]);
    await vi.advanceTimersByTimeAsync(IDLE_POLL_MS - BUSY_POLL_MS);
    expect(queue.reads.summary).toBe(2);
    expect(queueCounts().get(PANEL)).toEqual({ dev_id: PANEL, queued: 1, conflicted: 0 });
    await vi.advanceTimersByTimeAsync(BUSY_POLL_MS);
    expect(queue.reads.summary).toBe(3);
    watch.stop();
    expect(queueCounts().size).toBe(0);
    await vi.advanceTimersByTimeAsync(IDLE_POLL_MS);
    expect(queue.reads.summary).toBe(3);
  });

  it('tells once each write it saw waiting that was applied, failed or conflicted; never one it did not see', async () => {
    const queue = server();
    queue.set([item(7, 'queued'), item(8, 'queued'), item(9, 'queued'), item(5, 'applied')]);
    const watch = new QueueWatch(queue.deps);
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    expect([7, 8, 9].every((id) => watch.follows(id))).toBe(true);
    expect(queue.reads.since).toBe(0);
    queue.set([item(7, 'applied'), item(8, 'failed'), item(9, 'conflicted'), item(5, 'applied')]);
    watch.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.told.map((entry) => [entry.id, entry.state])).toEqual([
      [7, 'applied'],
      [8, 'failed'],
      [9, 'conflicted'],
    ]);
    await vi.advanceTimersByTimeAsync(BUSY_POLL_MS * 3);
    expect(queue.told).toHaveLength(3);
    watch.stop();
  });

  it('follows a write resolved again and tells its new outcome; a cancelled one silently', async () => {
    const queue = server();
    queue.set([item(9, 'conflicted'), item(10, 'queued')]);
    const watch = new QueueWatch(queue.deps);
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(watch.follows(9)).toBe(false);
    watch.follow({ id: 9, state: 'queued' });
    queue.set([item(9, 'applied'), item(10, 'cancelled')]);
    watch.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.told.map((entry) => entry.id)).toEqual([9]);
    expect(watch.follows(10)).toBe(false);
    watch.stop();
  });

  it('keeps the counts as last read when a read fails, and reads again on schedule', async () => {
    const queue = server();
    queue.set([item(7, 'queued')]);
    let fail = false;
    const watch = new QueueWatch({
      ...queue.deps,
      readSummary: (signal) => (fail ? Promise.reject(new Error('down')) : queue.deps.readSummary(signal)),
    });
    watch.start();
    await vi.advanceTimersByTimeAsync(0);
    fail = true;
    await vi.advanceTimersByTimeAsync(BUSY_POLL_MS);
    expect(queueCounts().get(PANEL)?.queued).toBe(1);
    fail = false;
    queue.set([]);
    await vi.advanceTimersByTimeAsync(BUSY_POLL_MS);
    expect(queueCounts().size).toBe(0);
    watch.stop();
  });
});
