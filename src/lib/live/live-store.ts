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
import { PanelTopics } from './panel-topics.ts';
import { TopicSubscriptions } from './topic-subscriptions.ts';
import type { PanelState } from '@generated/api/types.gen.ts';
import type { LiveSecurityNotice } from '@generated/live/types.ts';
import type { LiveDiagnostics, LivePanel, LiveStatus, LiveTransport, TransportEvent } from './live-types.ts';

/** What one frame changed of one panel: its state before and after, and the (merged) messages that changed it. */
export interface PanelChange {
  devId: number;
  previous: PanelState | undefined;
  state: PanelState;
  /** The frame's messages of the panel, merged: only the fields they carried. */
  update: PanelState;
  receivedAt: number;
}

/** A security notice of a watched panel (someone is guessing its password), as it came, with when it was heard. */
export interface PanelNotice {
  devId: number;
  notice: LiveSecurityNotice;
  receivedAt: number;
}

/** A panel's messages of one frame, merged: what they said and when the last of them came. */
interface Step {
  update: PanelState;
  receivedAt: number;
}

/**
 * Whether `next` sets a flag that `current` (messages already merged this frame) set to another value: an alarm that
 * came and went, a panel that disconnected and came back, armed and disarmed again. Such a message is not merged
 * into the earlier ones but kept as the frame's next step, so the change listeners (the alarm watch, the queue watch,
 * the arm sound) see each transition, in order, however many messages a frame takes.
 */
function undoesStep(current: PanelState, next: PanelState): boolean {
  const differs = (a: unknown, b: unknown) => a !== undefined && b !== undefined && a !== b;
  if (differs(current.armed, next.armed) || differs(current.connected, next.connected)) return true;
  const before = current.KLStatus;
  const after = next.KLStatus;
  return !!before && !!after && (differs(before.alarm, after.alarm) || differs(before.firealarm, after.firealarm));
}

/**
 * The store's own work of one frame stops after this long (the rest waits for the next frame), so a backlog (the
 * page busy elsewhere, a tab coming back) never turns into one long task; the panels waiting longest go first.
 */
export const FRAME_BUDGET_MS = 6;

/**
 * The socket's messages are taken through the gate (parse, payload check, merge) for at most this long in one task;
 * a burst beyond it (the socket hands over what came while the page was busy, hundreds of messages at once) waits in
 * order in the store's inbox and is taken in further tasks of the same length, so the page can draw in between.
 */
export const SLICE_MS = 8;

/** The next task, soon: a message channel's (a timer's would wait at least 4 ms after a few), a timer without one. */
const nextTask = (run: () => void): void => {
  if (typeof MessageChannel === 'undefined') return void setTimeout(run, 0);
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    run();
  };
  channel.port2.postMessage(null);
};

/**
 * Steps kept for one panel until its frame: a panel whose flags go back and forth more often than this within a frame
 * (no real panel does) has its further messages merged into the last step, so its queue stays bounded.
 */
export const MAX_STEPS = 32;

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
  private readonly watchers = new Map<number, number>();
  /** Messages of a burst waiting for their slice (SLICE_MS), in the order they came; `inboxHead` is the next. */
  private inbox: [topic: string, payload: Uint8Array | string][] = [];
  private inboxHead = 0;
  private draining = false;
  /** When this task's slice of messages began (unset once the task is over). */
  private sliceStart: number | undefined;
  /** Messages waiting for the frame, per panel: usually one merged step, more when a flag went back and forth. */
  private readonly queued = new Map<number, Step[]>();
  private readonly topics: PanelTopics;
  private readonly subscriptions: TopicSubscriptions;
  /** Unsubscriptions waiting out the grace period. */
  private readonly releasing = new Map<number, ReturnType<typeof setTimeout>>();

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
  private readonly releaseDelayMs: number;
  private readonly now: () => number;
  private readonly clock: () => number;

  constructor(
    private readonly transport: LiveTransport,
    topicTemplate: string,
    private readonly options: LiveStoreOptions = {},
  ) {
    this.schedule = options.schedule ?? nextFrame;
    this.releaseDelayMs = options.releaseDelayMs ?? 2000;
    this.now = options.now ?? Date.now;
    this.clock = options.clock ?? (typeof performance === 'undefined' ? Date.now : () => performance.now());
    this.topics = new PanelTopics(topicTemplate);
    this.subscriptions = new TopicSubscriptions(transport, options.topicsPerPacket ?? TOPICS_PER_PACKET, () => {
      this.diagnosticsChanged = true;
      this.requestFrame();
    });
    this.diagnostics = this.snapshotDiagnostics();
    transport.onMessage((topic, payload) => this.receive(topic, payload));
    transport.onStatus((event) => this.onTransport(event));
  }

  topicOf(devId: number): string {
    return this.topics.topicOf(devId);
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
      this.subscriptions.add(this.topics.remember(devId));
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
    if (this.inboxHead < this.inbox.length) return void this.inbox.push([topic, payload]);
    if (this.sliceStart === undefined) {
      this.sliceStart = this.clock();
      // The task is over when its microtasks run: the next message starts a new slice.
      queueMicrotask(() => (this.sliceStart = undefined));
    } else if (this.clock() - this.sliceStart > SLICE_MS) {
      this.inbox.push([topic, payload]);
      return this.drainLater();
    }
    this.take(topic, payload);
  }

  private drainLater(): void {
    if (this.draining) return;
    this.draining = true;
    nextTask(() => {
      this.draining = false;
      if (this.closed) return;
      const start = this.clock();
      while (this.inboxHead < this.inbox.length && this.clock() - start <= SLICE_MS) {
        const [topic, payload] = this.inbox[this.inboxHead]!;
        this.inbox[this.inboxHead++] = undefined as never; // let the payload go
        this.take(topic, payload);
      }
      if (this.inboxHead < this.inbox.length) return this.drainLater();
      this.inbox = [];
      this.inboxHead = 0;
    });
  }

  /** Takes one message through the gate: size, JSON, payload schema, topic; an accepted one waits for the frame. */
  private take(topic: string, payload: Uint8Array | string): void {
    const devId = this.topics.devIdOf(topic);
    const verdict = gateMessage(payload, devId);
    if ('refused' in verdict) return this.count(verdict.refused);
    // A panel nobody watches any more (a message already on its way when it was released) is not kept. (Watched or
    // in its grace period is what keeps a topic subscribed: asked of the maps, no topic is spelled per message.)
    if (devId === undefined || !(this.watchers.has(devId) || this.releasing.has(devId))) return;
    const receivedAt = this.now();
    if (verdict.notice) {
      const notice = { devId, notice: verdict.notice, receivedAt };
      for (const listener of this.noticeListeners) listener(notice);
      // A message that carried only the notice changes nothing of the panel.
      if (Object.keys(verdict.update).length === 1) return this.count('accepted');
    }
    const steps = this.queued.get(devId);
    const last = steps?.at(-1);
    if (!steps) this.queued.set(devId, [{ update: verdict.update, receivedAt }]);
    else if (!last || (steps.length < MAX_STEPS && undoesStep(last.update, verdict.update))) {
      steps.push({ update: verdict.update, receivedAt });
    } else steps[steps.length - 1] = { update: mergePanelState(last.update, verdict.update), receivedAt };
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
    for (const timer of this.releasing.values()) clearTimeout(timer);
    this.releasing.clear();
    this.transport.end();
  }
}
