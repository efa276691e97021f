/** What the live feed's transport, store and hooks say to each other. */
import type { PanelState } from '@generated/api/types.gen.ts';
import type { LiveSecurityNotice } from '@generated/live/types.ts';

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
