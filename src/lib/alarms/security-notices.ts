/**
 * The security notices of this session, outside React: the live feed's `security_notice` of a panel the user watches
 * (the server's panel password attempt limit locked it: someone is guessing its password) becomes a notice with the
 * panel, when the lock began, until when, and whether one account or every account is locked out. A notice says
 * nothing of who it was or what was typed: the message carries neither. Each panel has one notice at a time (a newer
 * lock replaces it); a dismissed one stays dismissed in every tab of this browser (`dismissMatching`), and the same
 * notice heard again (another tab's copy, a repeated message) does not come back.
 */
import type { LiveSecurityNotice } from '@generated/live/types.ts';
import type { PanelNotice } from '../live/live-types.ts';

export interface SecurityNotice {
  /** The panel and the lock's start: the same lock has the same id in every tab. */
  id: string;
  devId: number;
  /** When the lock began (epoch ms, the server's word). */
  at: number;
  /** When the lock ends (epoch ms, the server's word). */
  lockedUntil: number;
  scope: LiveSecurityNotice['scope'];
  /** Wrong panel passwords in the limit's window that caused it. */
  failures: number;
  /** When this tab heard it. */
  receivedAt: number;
}

/** A dismissal as tabs tell each other: the notice of that panel and lock. */
export interface Dismissal {
  devId: number;
  at: number;
}

/** Notices kept (newest first); the oldest go first. */
export const MAX_NOTICES = 20;
/** Dismissals remembered, so a notice heard again after its dismissal stays away. */
const MAX_DISMISSED = 200;

const idOf = (devId: number, at: number) => `${devId}-${at}`;

/** The notice a live message's `security_notice` is, or undefined when its times cannot be read. */
export function noticeOf({ devId, notice, receivedAt }: PanelNotice): SecurityNotice | undefined {
  const at = Date.parse(notice.at);
  const lockedUntil = Date.parse(notice.locked_until);
  if (Number.isNaN(at) || Number.isNaN(lockedUntil)) return undefined;
  return { id: idOf(devId, at), devId, at, lockedUntil, scope: notice.scope, failures: notice.failures, receivedAt };
}

export class SecurityNoticeBook {
  private notices: SecurityNotice[] = [];
  private raised: readonly SecurityNotice[] = [];
  private readonly dismissed = new Set<string>();
  private readonly listeners = new Set<() => void>();

  /** Newest first, dismissed ones gone. */
  list = (): readonly SecurityNotice[] => this.notices;

  /** The notices the last new one brought (the same array until another comes), for the one announcement. */
  lastRaised = (): readonly SecurityNotice[] => this.raised;

  listen = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** Takes a live notice: a new lock of the panel replaces its notice; one already shown or dismissed is ignored. */
  observe(message: PanelNotice): void {
    const notice = noticeOf(message);
    if (!notice || this.dismissed.has(notice.id)) return;
    const current = this.notices.find((item) => item.devId === notice.devId);
    if (current?.id === notice.id) {
      // The same lock heard again: it changes the notice only when it grew (a later end, every account locked out).
      const grew = notice.lockedUntil > current.lockedUntil || (notice.scope === 'panel' && current.scope !== 'panel');
      if (!grew) return;
    } else if (current && current.at > notice.at) return;
    this.notices = [notice, ...this.notices.filter((item) => item.devId !== notice.devId)].slice(0, MAX_NOTICES);
    this.raised = [notice];
    this.notify();
  }

  /** Dismisses a notice; the dismissal to tell the other tabs, or undefined if there was none. */
  dismiss(id: string): Dismissal | undefined {
    const notice = this.notices.find((item) => item.id === id);
    if (!notice) return undefined;
    const dismissal = { devId: notice.devId, at: notice.at };
    this.dismissMatching(dismissal);
    return dismissal;
  }

  /** A dismissal (this tab's or another's): that panel's notice of that lock goes, and stays away. */
  dismissMatching({ devId, at }: Dismissal): void {
    const id = idOf(devId, at);
    this.dismissed.add(id);
    if (this.dismissed.size > MAX_DISMISSED) this.dismissed.delete(this.dismissed.values().next().value!);
    const kept = this.notices.filter((item) => item.id !== id);
    if (kept.length === this.notices.length) return;
    this.notices = kept;
    this.notify();
  }

  /** Forgets every notice (the session ended). */
  clear(): void {
    this.dismissed.clear();
    if (!this.notices.length && !this.raised.length) return;
    this.notices = [];
    this.raised = [];
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

export const DISMISS_CHANNEL = 'security-notice-dismissals';

const isDismissal = (value: unknown): value is Dismissal =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Dismissal).devId === 'number' &&
  typeof (value as Dismissal).at === 'number';

/**
 * Dismissals shared by the tabs of this browser over a BroadcastChannel (where the browser has none, each tab
 * dismisses its own). Notices are not kept anywhere: a reloaded tab hears only the notices that come after.
 */
export function createDismissalSync(
  onDismissal: (dismissal: Dismissal) => void,
  Channel: typeof BroadcastChannel | null | undefined = globalThis.BroadcastChannel,
): { publish(dismissal: Dismissal): void; close(): void } {
  const channel = typeof Channel === 'function' ? new Channel(DISMISS_CHANNEL) : undefined;
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      if (isDismissal(event.data)) onDismissal(event.data);
    };
  }
  return {
    publish: (dismissal) => channel?.postMessage(dismissal),
    close: () => channel?.close(),
  };
}
