/** What bench:live's runs measure, as printed and written to its JSON. */
import type { LongTaskParts } from '../trace.ts';

export interface TrafficResult {
  scenario: string;
  fleet: number;
  rate: number;
  seconds: number;
  sent: number;
  /** Messages addressed to a panel the page had subscribed (its rendered rows); all of them for the probe. */
  reached: number;
  /** Messages whose text appeared on the page (not counted where the page shows no panel: the alarm watch). */
  shown?: number;
  /** Reached but never shown because a newer message of the same panel replaced it within the same frame. */
  superseded?: number;
  /** Reached, never shown, and not replaced by a newer one either (lost, or still in flight at the end). */
  lost?: number;
  /** Alarm watch only: alarm messages sent, rows that appeared in the alarm bar, publish → row p50/p95/max. */
  alarmsSent?: number;
  alarmsShown?: number;
  alarmP50Ms?: number;
  alarmP95Ms?: number;
  alarmMaxMs?: number;
  /** Alarm watch only: publish → the alarm message on the page's socket (p50/p95), and socket → row (p50/p95). */
  alarmFeedP50Ms?: number;
  alarmFeedP95Ms?: number;
  alarmPageP50Ms?: number;
  alarmPageP95Ms?: number;
  /** Each alarm's publish → row, in the order sent (null: never shown). */
  alarmMs?: (number | null)[];
  p50Ms?: number;
  p95Ms?: number;
  /** Probe only: publish → accepted by the live store (p50/p95), and accepted → in the DOM (p50/p95). */
  feedP50Ms?: number;
  feedP95Ms?: number;
  pageP50Ms?: number;
  pageP95Ms?: number;
  p99Ms?: number;
  maxMs?: number;
  longestTaskMs?: number;
  longTasks: number;
  longTaskMaxMs?: number;
  /** Heap before any live message (the page loaded, the panels subscribed). */
  heapStartMB: number;
  /** Heap after the warm-up (one message to every addressed panel), when the measured run starts. */
  heapBeforeMB: number;
  heapAfterMB: number;
  /** What the warm-up added: the live records of the panels, before the growth measured. */
  heapWarmUpPct: number;
  /** Growth over the measured run (after the warm-up): the target. */
  heapGrowthPct: number;
  /** How far the publisher fell behind its schedule at worst (it keeps the rate when this stays small). */
  publisherLagMs: number;
  /** With --trace-tasks: each task over the target and what it was made of. */
  longTaskParts?: LongTaskParts[];
  meets: boolean;
  misses: string[];
}

export interface SubscribeResult {
  fleet: number;
  runs: { mountedMs: number; subscribedMs: number }[];
  medianMs: number;
  meets: boolean;
}

/** One load of the alarm watch's page; times in ms from the page's navigation start. */
export interface AlarmSubscribeRun {
  /** The fleet calls (GET userdevices) the page made, and when the last one had its answer. */
  fleetCalls: number;
  fleetReadMs: number;
  /** The broker's CONNACK. */
  connectedMs: number;
  firstSubscribeMs: number;
  /** The SUBACK that completed the grant of every topic of the fleet. */
  subscribedMs: number;
  subscribePackets: number;
  /** Distinct topics subscribed (checked to be exactly the fleet's). */
  topics: number;
  granted: number;
  refused: number;
  unsubscribePackets: number;
}

export interface AlarmSubscribeResult {
  fleet: number;
  runs: AlarmSubscribeRun[];
  medianMs: number;
  meets: boolean;
}

/** What a traffic run measures beyond the defaults. */
export interface TrafficOptions {
  /** The panels the page subscribed (its rendered rows); all addressed ones when absent. */
  subscribed?: Set<number>;
  /** One message to each addressed panel before the measured run (default true). */
  warmUp?: boolean;
  /**
   * Panels to raise an alarm on, one every ALARM_EVERY_MS of the run: the page shows no panel, and what is measured
   * is alarm to bar instead of message to screen.
   */
  alarms?: number[];
}
