/**
 * The live panel store, outside React. It keeps one subscription per watched panel (reference counted),
 * validates each message against the AsyncAPI payload schema, merges it into that panel's record, and
 * coalesces bursts: listeners of a panel are told once per animation frame, and only that panel's listeners.
 */
import validatePayload from '@generated/live/validate-panel-update.js';
import type { PanelLiveUpdate } from '@generated/live/types.ts';
import { mergePanelUpdate } from './merge.ts';

export interface LiveTransport {
  subscribe(topics: string[]): void;
  unsubscribe(topics: string[]): void;
  onMessage(handler: (topic: string, payload: Uint8Array) => void): void;
  end(): void;
}

export type Scheduler = (flush: () => void) => void;

const defaultScheduler: Scheduler = (flush) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
  else setTimeout(flush, 16);
};

export class LiveStore {
  private readonly panels = new Map<number, PanelLiveUpdate>();
  private readonly listeners = new Map<number, Set<() => void>>();
  private readonly watchers = new Map<number, number>();
  private readonly queued = new Map<number, PanelLiveUpdate>();
  private flushScheduled = false;
  private readonly topicToDevId = new Map<string, number>();
  /** Unsubscriptions waiting out the grace period (a view that comes back at once keeps its subscription). */
  private readonly releasing = new Map<number, ReturnType<typeof setTimeout>>();
  /** Messages dropped because they broke the payload schema (kept for diagnostics). */
  rejected = 0;

  constructor(
    private readonly transport: LiveTransport,
    private readonly topicTemplate: string,
    private readonly schedule: Scheduler = defaultScheduler,
    /**
     * How long a panel nobody watches stays subscribed. Views remount (navigation, React's development double
     * effects); unsubscribing and resubscribing a topic at once races in the MQTT client and can lose it.
     */
    private readonly releaseDelayMs = 2000,
  ) {
    transport.onMessage((topic, payload) => this.receive(topic, payload));
  }

  topicOf(devId: number): string {
    return this.topicTemplate.replace('{dev_id}', String(devId));
  }

  /** Starts live updates of a panel; the returned function stops them (the last watcher unsubscribes). */
  watch(devId: number): () => void {
    const count = this.watchers.get(devId) ?? 0;
    this.watchers.set(devId, count + 1);
    const pending = this.releasing.get(devId);
    if (pending !== undefined) {
      clearTimeout(pending);
      this.releasing.delete(devId);
    } else if (count === 0) {
      const topic = this.topicOf(devId);
      this.topicToDevId.set(topic, devId);
      this.transport.subscribe([topic]);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.watchers.get(devId) ?? 1) - 1;
      if (left > 0) return void this.watchers.set(devId, left);
      this.watchers.delete(devId);
      const release = () => {
        this.releasing.delete(devId);
        this.transport.unsubscribe([this.topicOf(devId)]);
      };
      if (this.releaseDelayMs <= 0) return release();
      this.releasing.set(devId, setTimeout(release, this.releaseDelayMs));
    };
  }

  get(devId: number): PanelLiveUpdate | undefined {
    return this.panels.get(devId);
  }

  listen(devId: number, listener: () => void): () => void {
    let set = this.listeners.get(devId);
    if (!set) this.listeners.set(devId, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  receive(topic: string, payload: Uint8Array | string): void {
    let message: unknown;
    try {
      message = JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
    } catch {
      this.rejected += 1;
      return;
    }
    if (!validatePayload(message)) {
      this.rejected += 1;
      return;
    }
    const devId = this.topicToDevId.get(topic) ?? message.dev_id;
    this.queued.set(devId, mergePanelUpdate(this.queued.get(devId), message));
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      this.schedule(() => this.flush());
    }
  }

  flush(): void {
    this.flushScheduled = false;
    const changed = [...this.queued.entries()];
    this.queued.clear();
    for (const [devId, update] of changed) {
      this.panels.set(devId, mergePanelUpdate(this.panels.get(devId), update));
    }
    for (const [devId] of changed) for (const listener of this.listeners.get(devId) ?? []) listener();
  }

  close(): void {
    for (const timer of this.releasing.values()) clearTimeout(timer);
    this.releasing.clear();
    this.transport.end();
  }
}
