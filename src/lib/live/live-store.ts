// Over 200 lines: one pipeline (watch, gate, queue, frame, tell) over the store's shared maps of panels, steps and listeners.
/**
 * The live panel store, outside React. It keeps one subscription per watched panel (reference counted, sent in
 * batches: what a frame asks goes out as one SUBSCRIBE per 500 topics), subscribes everything watched again after
 * each reconnect, and takes each message through the same gate: size, JSON, the AsyncAPI payload schema, and the
 * topic's panel. An accepted message is normalised to the REST record's types, merged into that panel's record and
 * coalesced: listeners of a panel are told once per animation frame, and only that panel's listeners.
 */
import { mergePanelState } from './merge.ts';
import { TOPICS_PER_PACKET } from './limits.ts';
import { nextFrame, type Scheduler } from './frame-scheduler.ts';
import { gateMessage, type Refusal } from './message-gate.ts';
import { MessageInbox } from './message-inbox.ts';
import { queueStep, type Step } from './panel-steps.ts';
import { PanelTopics } from './panel-topics.ts';
import { PanelWatchers } from './panel-watchers.ts';
import { TopicSubscriptions } from './topic-subscriptions.ts';
import type {
  LiveDiagnostics,
  LivePanel,
  LiveStatus,
  LiveTransport,
  PanelChange,
  PanelNotice,
  TransportEvent,
} from './live-types.ts';

/**
 * The store's own work of one frame stops after this long (the rest waits for the next frame), so a backlog (the
 * page busy elsewhere, a tab coming back) never turns into one long task; the panels waiting longest go first.
 */
export const FRAME_BUDGET_MS = 6;

/** A hidden tab draws nothing and gets a frame about once a second: its flush takes everything waiting. */
const frameBudget = (): number =>
  typeof document !== 'undefined' && document.visibilityState === 'hidden' ? Infinity : FRAME_BUDGET_MS;

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
  /** The clock of the frame budget (performance.now() in a page). */
  clock?: () => number;
  topicsPerPacket?: number;
}

export class LiveStore {
  private readonly panels = new Map<number, LivePanel>();
  private readonly listeners = new Map<number, Set<() => void>>();
  private readonly watchers: PanelWatchers;
  private readonly inbox: MessageInbox;
  /** Messages waiting for the frame, per panel: usually one merged step, more when a flag went back and forth. */
  private readonly queued = new Map<number, Step[]>();
  private readonly topics: PanelTopics;
  private readonly subscriptions: TopicSubscriptions;

  private status: LiveStatus = 'connecting';
  private diagnostics: LiveDiagnostics;
  private readonly counts = { accepted: 0, invalid: 0, oversized: 0, mismatched: 0, reconnects: 0 };
  private nextRetryAt: number | undefined;
  private readonly statusListeners = new Set<() => void>();
  private readonly diagnosticsListeners = new Set<() => void>();
  private readonly changeListeners = new Set<(changes: readonly PanelChange[]) => void>();
  private readonly noticeListeners = new Set<(notice: PanelNotice) => void>();

  private frameScheduled = false;
  private diagnosticsChanged = false;
  private closed = false;

  private readonly schedule: Scheduler;
  private readonly now: () => number;
  private readonly clock: () => number;

  constructor(
    private readonly transport: LiveTransport,
    topicTemplate: string,
    private readonly options: LiveStoreOptions = {},
  ) {
    this.schedule = options.schedule ?? nextFrame;
    this.now = options.now ?? Date.now;
    this.clock = options.clock ?? (typeof performance === 'undefined' ? Date.now : () => performance.now());
    this.topics = new PanelTopics(topicTemplate);
    this.subscriptions = new TopicSubscriptions(transport, options.topicsPerPacket ?? TOPICS_PER_PACKET, () => {
      this.diagnosticsChanged = true;
      this.requestFrame();
    });
    this.watchers = new PanelWatchers(
      options.releaseDelayMs ?? 2000,
      (devId) => {
        this.subscriptions.add(this.topics.remember(devId));
        this.requestFrame();
      },
      (devId) => this.release(devId),
    );
    this.inbox = new MessageInbox(
      this.clock,
      (topic, payload) => this.take(topic, payload),
      () => this.closed,
    );
    this.diagnostics = this.snapshotDiagnostics();
    transport.onMessage((topic, payload) => this.receive(topic, payload));
    transport.onStatus((event) => this.onTransport(event));
  }

  topicOf(devId: number): string {
    return this.topics.topicOf(devId);
  }

  /** Starts live updates of a panel; the returned function stops them (the last watcher unsubscribes). */
  watch(devId: number): () => void {
    return this.watchers.watch(devId);
  }

  private release(devId: number): void {
    if (this.closed) return;
    this.subscriptions.remove(this.topicOf(devId));
    // Unwatched, the panel gets no updates: its last state would go quietly out of date, so the API's record
    // is what shows until it is watched again.
    this.queued.delete(devId);
    if (this.panels.delete(devId)) this.notifyPanel(devId);
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

  /**
   * Hears every panel's changes, once per frame, whatever page shows it (the alarm watch of the shell): one call
   * with the frame's changed panels.
   */
  listenChanges(listener: (changes: readonly PanelChange[]) => void): () => void {
    this.changeListeners.add(listener);
    return () => void this.changeListeners.delete(listener);
  }

  /**
   * Hears the security notices of every watched panel (the shell's alarm bar), each once, as it comes: no part of a
   * panel's record, so not merged or coalesced.
   */
  listenNotices(listener: (notice: PanelNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => void this.noticeListeners.delete(listener);
  }

  /**
   * A message from the socket: taken through the gate now, or, once this task has spent SLICE_MS on messages (or
   * earlier ones wait), kept in order for a later task.
   */
  receive(topic: string, payload: Uint8Array | string): void {
    if (this.closed) return;
    this.inbox.receive(topic, payload);
  }

  /** Takes one message through the gate: size, JSON, payload schema, topic; an accepted one waits for the frame. */
  private take(topic: string, payload: Uint8Array | string): void {
    const devId = this.topics.devIdOf(topic);
    const verdict = gateMessage(payload, devId);
    if ('refused' in verdict) return this.count(verdict.refused);
    // A panel nobody watches any more (a message already on its way when it was released) is not kept. (Watched or
    // in its grace period is what keeps a topic subscribed: asked of the maps, no topic is spelled per message.)
    if (devId === undefined || !this.watchers.has(devId)) return;
    const receivedAt = this.now();
    if (verdict.notice) {
      const notice = { devId, notice: verdict.notice, receivedAt };
      for (const listener of this.noticeListeners) listener(notice);
      // A message that carried only the notice changes nothing of the panel.
      if (Object.keys(verdict.update).length === 1) return this.count('accepted');
    }
    queueStep(this.queued, devId, verdict.update, receivedAt);
    this.count('accepted');
  }

  private count(kind: 'accepted' | Refusal): void {
    this.counts[kind] += 1;
    this.diagnosticsChanged = true;
    this.requestFrame();
  }

  private onTransport(event: TransportEvent): void {
    if (this.closed) return;
    if (event.reconnects !== undefined) this.counts.reconnects = event.reconnects;
    this.nextRetryAt = event.status === 'connected' || event.status === 'connecting' ? undefined : event.nextRetryAt;
    const joined = this.subscriptions.setConnected(event.status === 'connected');
    this.diagnosticsChanged = true;
    if (this.status !== event.status) {
      this.status = event.status;
      for (const listener of this.statusListeners) listener();
    }
    // Subscribing after a reconnect must not wait for a frame a hidden tab never draws: do it now.
    if (joined) this.flushSubscriptions();
    this.requestFrame();
  }

  private requestFrame(): void {
    if (this.frameScheduled || this.closed) return;
    this.frameScheduled = true;
    this.schedule(() => this.flush());
  }

  /**
   * The work of one frame: subscriptions out, messages merged, listeners told. A panel's listeners are told once; the
   * change listeners get each step of it. Within FRAME_BUDGET_MS (a visible page): what is left waits for the next
   * frame.
   */
  flush(): void {
    this.frameScheduled = false;
    if (this.closed) return;
    this.flushSubscriptions();
    const deadline = this.clock() + frameBudget();
    const changed: number[] = [];
    const armed: number[] = [];
    const changes: PanelChange[] = [];
    const listening = this.changeListeners.size > 0;
    for (const [devId, steps] of this.queued) {
      // The clock is read every few panels only: reading it costs about as much as merging a message.
      if (changed.length % 16 === 15 && this.clock() > deadline) break;
      this.queued.delete(devId);
      changed.push(devId);
      let previous = this.panels.get(devId)?.state;
      let armedNow = false;
      for (const { update, receivedAt } of steps) {
        const state = mergePanelState(previous, update);
        if (previous?.armed === false && state.armed === true) armedNow = true;
        if (listening) changes.push({ devId, previous, state, update, receivedAt });
        previous = state;
      }
      this.panels.set(devId, { state: previous!, receivedAt: steps.at(-1)!.receivedAt });
      if (armedNow) armed.push(devId);
    }
    if (this.queued.size) this.requestFrame();
    for (const devId of changed) this.notifyPanel(devId);
    if (armed.length) this.options.onArmed?.(armed);
    if (changes.length) for (const listener of this.changeListeners) listener(changes);
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
    if (this.subscriptions.flush()) this.diagnosticsChanged = true;
  }

  private snapshotDiagnostics(): LiveDiagnostics {
    return {
      ...this.counts,
      ...this.subscriptions.counts(),
      ...(this.nextRetryAt !== undefined ? { nextRetryAt: this.nextRetryAt } : {}),
    };
  }

  close(): void {
    this.closed = true;
    this.subscriptions.close();
    this.watchers.close();
    this.transport.end();
  }
}
