/**
 * The live panel store, outside React. It keeps one subscription per watched panel (reference counted, sent in
 * batches: what a frame asks goes out as one SUBSCRIBE per 500 topics), subscribes everything watched again after
 * each reconnect, and takes each message through the same gate: size, JSON, the AsyncAPI payload schema, and the
 * topic's panel. An accepted message is normalised to the REST record's types, merged into that panel's record and
 * coalesced: listeners of a panel are told once per animation frame, and only that panel's listeners.
 */
import type { PanelState } from '@generated/api/types.gen.ts';
import validatePayload from '@generated/live/validate-panel-update.js';
import { mergePanelState, normaliseUpdate } from './merge.ts';
import { chunk, isOversized, TOPICS_PER_PACKET } from './limits.ts';

export type LiveStatus = 'connecting' | 'connected' | 'offline' | 'error';

/** What the transport says about its connection. */
export interface TransportEvent {
  status: LiveStatus;
  /** When the next connection attempt starts (while offline or in error). */
  nextRetryAt?: number;
  /** Connection attempts made after a loss, since the page loaded. */
  reconnects?: number;
  detail?: string;
}

export interface LiveTransport {
  /** One SUBSCRIBE packet; resolves, when the broker acknowledges it, with whether each topic was granted. */
  subscribe(topics: string[]): Promise<boolean[]>;
  unsubscribe(topics: string[]): void;
  onMessage(handler: (topic: string, payload: Uint8Array) => void): void;
  onStatus(handler: (event: TransportEvent) => void): void;
  end(): void;
}

/** The live state of one panel and when its last accepted message arrived (`Date.now()`). */
export interface LivePanel {
  state: PanelState;
  receivedAt: number;
}

export interface LiveDiagnostics {
  /** Messages accepted and merged. */
  accepted: number;
  /** Messages that were not JSON or broke the payload schema. */
  invalid: number;
  /** Messages over 64 kB, dropped unread. */
  oversized: number;
  /** Messages whose `dev_id` is not the panel of their topic. */
  mismatched: number;
  /** Topics the broker has acknowledged on the current connection. */
  subscribed: number;
  /** Topics watched but not (yet) acknowledged: waiting for the connection or for the broker's answer. */
  pending: number;
  /** Connection attempts made after a loss. */
  reconnects: number;
  /** When the next connection attempt starts, while the feed is down. */
  nextRetryAt?: number;
}

export type Scheduler = (flush: () => void) => void;

/**
 * The next animation frame; a hidden tab draws no frames, so a timer stands in after a while (subscriptions and
 * the arm sound must not wait for the tab to come back).
 */
const defaultScheduler: Scheduler = (flush) => {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    flush();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, typeof requestAnimationFrame === 'function' ? 250 : 16);
};

export interface LiveStoreOptions {
  /** Runs the coalesced work once per frame (tests pass a manual one). */
  schedule?: Scheduler;
  /**
   * How long a panel nobody watches stays subscribed. Views remount (navigation, virtualised rows scrolling back,
   * React's development double effects): a view that comes straight back keeps its subscription.
   */
  releaseDelayMs?: number;
  /** Called once per frame with the panels whose `armed` flag went from false to true on the feed. */
  onArmed?: (devIds: number[]) => void;
  now?: () => number;
  topicsPerPacket?: number;
}

const decoder = new TextDecoder();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class LiveStore {
  private readonly panels = new Map<number, LivePanel>();
  private readonly listeners = new Map<number, Set<() => void>>();
  private readonly watchers = new Map<number, number>();
  private readonly queued = new Map<number, LivePanel>();
  private readonly topicToDevId = new Map<string, number>();
  private readonly topicPattern: RegExp;
  /** Unsubscriptions waiting out the grace period. */
  private readonly releasing = new Map<number, ReturnType<typeof setTimeout>>();

  /** Topics that should be subscribed (watched, or in their grace period). */
  private readonly wanted = new Set<string>();
  /** Topics the broker granted on this connection. */
  private readonly acked = new Set<string>();
  /** Topics sent, waiting for the broker's answer. */
  private readonly inflight = new Set<string>();
  /** Topics the broker refused on this connection (not asked again until the next one). */
  private readonly refused = new Set<string>();
  private readonly toSubscribe = new Set<string>();
  private readonly toUnsubscribe = new Set<string>();
  /** Counts connections, so an answer from an earlier one is ignored. */
  private epoch = 0;
  private connected = false;

  private status: LiveStatus = 'connecting';
  private diagnostics: LiveDiagnostics;
  private readonly counts = { accepted: 0, invalid: 0, oversized: 0, mismatched: 0, reconnects: 0 };
  private nextRetryAt: number | undefined;
  private readonly statusListeners = new Set<() => void>();
  private readonly diagnosticsListeners = new Set<() => void>();

  private frameScheduled = false;
  private diagnosticsChanged = false;
  private subscriptionsChanged = false;
  private closed = false;

  private readonly schedule: Scheduler;
  private readonly releaseDelayMs: number;
  private readonly now: () => number;
  private readonly topicsPerPacket: number;

  constructor(
    private readonly transport: LiveTransport,
    private readonly topicTemplate: string,
    private readonly options: LiveStoreOptions = {},
  ) {
    this.schedule = options.schedule ?? defaultScheduler;
    this.releaseDelayMs = options.releaseDelayMs ?? 2000;
    this.now = options.now ?? Date.now;
    this.topicsPerPacket = options.topicsPerPacket ?? TOPICS_PER_PACKET;
    this.topicPattern = new RegExp(`^${escapeRegExp(topicTemplate).replace('\\{dev_id\\}', '(\\d{1,19})')}$`);
    this.diagnostics = this.snapshotDiagnostics();
    transport.onMessage((topic, payload) => this.receive(topic, payload));
    transport.onStatus((event) => this.onTransport(event));
  }

  topicOf(devId: number): string {
    return this.topicTemplate.replace('{dev_id}', String(devId));
  }

  /** The panel a topic names (its watched panel, else read from the topic template). */
  private devIdOf(topic: string): number | undefined {
    const known = this.topicToDevId.get(topic);
    if (known !== undefined) return known;
    const match = this.topicPattern.exec(topic);
    const devId = match ? Number(match[1]) : NaN;
    return Number.isSafeInteger(devId) ? devId : undefined;
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
      this.wanted.add(topic);
      this.toUnsubscribe.delete(topic);
      if (!this.acked.has(topic) && !this.inflight.has(topic)) this.toSubscribe.add(topic);
      this.subscriptionsChanged = true;
      this.requestFrame();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.watchers.get(devId) ?? 1) - 1;
      if (left > 0) return void this.watchers.set(devId, left);
      this.watchers.delete(devId);
      if (this.releaseDelayMs <= 0) return this.release(devId);
      this.releasing.set(
        devId,
        setTimeout(() => this.release(devId), this.releaseDelayMs),
      );
    };
  }

  private release(devId: number): void {
    this.releasing.delete(devId);
    if (this.closed) return;
    const topic = this.topicOf(devId);
    this.wanted.delete(topic);
    this.toSubscribe.delete(topic);
    this.refused.delete(topic);
    if (this.acked.delete(topic) || this.inflight.delete(topic)) this.toUnsubscribe.add(topic);
    // Unwatched, the panel gets no updates: its last state would go quietly out of date, so the API's record
    // is what shows until it is watched again.
    this.queued.delete(devId);
    if (this.panels.delete(devId)) this.notifyPanel(devId);
    this.subscriptionsChanged = true;
    this.requestFrame();
  }

  get(devId: number): LivePanel | undefined {
    return this.panels.get(devId);
  }

  listen(devId: number, listener: () => void): () => void {
    let set = this.listeners.get(devId);
    if (!set) this.listeners.set(devId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(devId) === set) this.listeners.delete(devId);
    };
  }

  getStatus = (): LiveStatus => this.status;

  listenStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  };

  getDiagnostics = (): LiveDiagnostics => this.diagnostics;

  listenDiagnostics = (listener: () => void): (() => void) => {
    this.diagnosticsListeners.add(listener);
    return () => void this.diagnosticsListeners.delete(listener);
  };

  /** Takes one message through the gate; cheap enough to never hold the page (no rendering happens here). */
  receive(topic: string, payload: Uint8Array | string): void {
    if (this.closed) return;
    if (isOversized(payload)) return this.count('oversized');
    const devId = this.devIdOf(topic);
    // A topic outside the template is no panel's: the broker should never deliver it.
    if (devId === undefined) return this.count('mismatched');
    let message: unknown;
    try {
      message = JSON.parse(typeof payload === 'string' ? payload : decoder.decode(payload));
    } catch {
      return this.count('invalid');
    }
    if (!validatePayload(message)) return this.count('invalid');
    if (message.dev_id !== undefined && message.dev_id !== devId) return this.count('mismatched');
    // A panel nobody watches any more (a message already on its way when it was released) is not kept.
    if (!this.wanted.has(this.topicOf(devId))) return;
    const update = normaliseUpdate(message, devId);
    const queued = this.queued.get(devId);
    this.queued.set(devId, {
      state: queued ? mergePanelState(queued.state, update) : update,
      receivedAt: this.now(),
    });
    this.count('accepted');
  }

  private count(kind: 'accepted' | 'invalid' | 'oversized' | 'mismatched'): void {
    this.counts[kind] += 1;
    this.diagnosticsChanged = true;
    this.requestFrame();
  }

  private onTransport(event: TransportEvent): void {
    if (this.closed) return;
    if (event.reconnects !== undefined) this.counts.reconnects = event.reconnects;
    this.nextRetryAt = event.status === 'connected' || event.status === 'connecting' ? undefined : event.nextRetryAt;
    const wasConnected = this.connected;
    this.connected = event.status === 'connected';
    if (this.connected && !wasConnected) {
      // A new connection (clean session) has no subscriptions: everything watched is asked again.
      this.epoch += 1;
      this.acked.clear();
      this.inflight.clear();
      this.refused.clear();
      this.toUnsubscribe.clear();
      for (const topic of this.wanted) this.toSubscribe.add(topic);
      this.subscriptionsChanged = true;
    } else if (!this.connected && wasConnected) {
      this.epoch += 1;
      this.acked.clear();
      this.inflight.clear();
      this.refused.clear();
    }
    this.diagnosticsChanged = true;
    if (this.status !== event.status) {
      this.status = event.status;
      for (const listener of this.statusListeners) listener();
    }
    // Subscribing after a reconnect must not wait for a frame a hidden tab never draws: do it now.
    if (this.connected && !wasConnected) this.flushSubscriptions();
    this.requestFrame();
  }

  private requestFrame(): void {
    if (this.frameScheduled || this.closed) return;
    this.frameScheduled = true;
    this.schedule(() => this.flush());
  }

  /** The work of one frame: subscriptions out, messages merged, listeners told. */
  flush(): void {
    this.frameScheduled = false;
    if (this.closed) return;
    this.flushSubscriptions();
    const changed = [...this.queued];
    this.queued.clear();
    const armed: number[] = [];
    for (const [devId, update] of changed) {
      const previous = this.panels.get(devId)?.state;
      const state = mergePanelState(previous, update.state);
      this.panels.set(devId, { state, receivedAt: update.receivedAt });
      if (previous?.armed === false && state.armed === true) armed.push(devId);
    }
    for (const [devId] of changed) this.notifyPanel(devId);
    if (armed.length) this.options.onArmed?.(armed);
    if (this.diagnosticsChanged) {
      this.diagnosticsChanged = false;
      this.diagnostics = this.snapshotDiagnostics();
      for (const listener of this.diagnosticsListeners) listener();
    }
  }

  private notifyPanel(devId: number): void {
    for (const listener of this.listeners.get(devId) ?? []) listener();
  }

  private flushSubscriptions(): void {
    if (!this.subscriptionsChanged) return;
    this.subscriptionsChanged = false;
    this.diagnosticsChanged = true;
    if (!this.connected) {
      // Nothing can be sent; the next connection subscribes everything wanted.
      this.toSubscribe.clear();
      this.toUnsubscribe.clear();
      return;
    }
    const leaving = [...this.toUnsubscribe];
    this.toUnsubscribe.clear();
    for (const topics of chunk(leaving, this.topicsPerPacket)) this.transport.unsubscribe(topics);
    const joining = [...this.toSubscribe].filter((topic) => !this.acked.has(topic) && !this.inflight.has(topic));
    this.toSubscribe.clear();
    const epoch = this.epoch;
    for (const topics of chunk(joining, this.topicsPerPacket)) {
      for (const topic of topics) this.inflight.add(topic);
      this.transport.subscribe(topics).then(
        (granted) => {
          if (epoch !== this.epoch || this.closed) return;
          topics.forEach((topic, index) => {
            if (!this.inflight.delete(topic)) return; // released meanwhile
            if (granted[index]) this.acked.add(topic);
            else this.refused.add(topic);
          });
          this.diagnosticsChanged = true;
          this.requestFrame();
        },
        () => {
          // The connection went while waiting: the next one subscribes again.
          if (epoch !== this.epoch || this.closed) return;
          for (const topic of topics) this.inflight.delete(topic);
          this.diagnosticsChanged = true;
          this.requestFrame();
        },
      );
    }
  }

  private snapshotDiagnostics(): LiveDiagnostics {
    let pending = 0;
    for (const topic of this.wanted) if (!this.acked.has(topic) && !this.refused.has(topic)) pending += 1;
    return {
      ...this.counts,
      subscribed: this.acked.size,
      pending,
      ...(this.nextRetryAt !== undefined ? { nextRetryAt: this.nextRetryAt } : {}),
    };
  }

  close(): void {
    this.closed = true;
    for (const timer of this.releasing.values()) clearTimeout(timer);
    this.releasing.clear();
    this.transport.end();
  }
}
