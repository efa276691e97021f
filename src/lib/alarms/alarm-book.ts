/**
 * The alarms of this session, outside React: fed by the live store's changes (every watched panel, on screen or
 * not), it turns a panel's `KLStatus.alarm` or `KLStatus.firealarm` going on into an active alarm (panel, the zones
 * the alarm's message reports open, the armed partitions it lists, since when) and its going off into a cleared one,
 * kept in the list. Acknowledging is per alarm; `acknowledgeMatching` applies another tab's acknowledgement.
 */
import type { PanelState } from '@generated/api/types.gen.ts';
import type { PanelChange } from '../live/live-types.ts';

export type AlarmKind = 'alarm' | 'fire';

export interface Alarm {
  /** Unique in this tab (panel, kind and a running number). */
  id: string;
  devId: number;
  kind: AlarmKind;
  /** Zones (1-19, as the console shows them) the alarm's messages report open. */
  zones: number[];
  /** Partitions (partno, name when the message gave one) the alarm's messages report armed. */
  partitions: { partno: number; name?: string }[];
  /** When this tab heard of it (ms). */
  since: number;
  /** When the panel reported it over. */
  clearedAt?: number;
  acknowledgedAt?: number;
  /** The console user who acknowledged it in this browser. */
  acknowledgedBy?: string;
}

/** An acknowledgement as tabs tell each other: the panel's alarm of that kind, acknowledged at `at` by `by`. */
export interface Acknowledgement {
  devId: number;
  kind: AlarmKind;
  at: number;
  by: string;
}

/** Alarms kept in the list (active ones are never dropped; the oldest finished ones go first). */
export const MAX_KEPT_ALARMS = 100;

const FLAG: Record<AlarmKind, 'alarm' | 'firealarm'> = { alarm: 'alarm', fire: 'firealarm' };
const KINDS: readonly AlarmKind[] = ['alarm', 'fire'];

const isOn = (state: PanelState | undefined, kind: AlarmKind): boolean => state?.KLStatus?.[FLAG[kind]] === 1;

/** Zones an update reports open (zone_status 1), as the console numbers them (zone_no + 1). */
const openZones = (update: PanelState): number[] =>
  (update.zones ?? []).filter((zone) => zone.zone_status === 1).map((zone) => zone.zone_no + 1);

const armedPartitions = (update: PanelState): Alarm['partitions'] =>
  (update.PartList ?? [])
    .filter((part) => part.armed === true)
    .map((part) => (part.name ? { partno: part.partno, name: part.name } : { partno: part.partno }));

export const isUnacknowledged = (alarm: Alarm): boolean => alarm.acknowledgedAt === undefined;

export interface AlarmBookOptions {
  /** Whether an alarm already on when the panel is first heard was acknowledged before (another tab, a reload). */
  wasAcknowledged?: (devId: number, kind: AlarmKind) => Acknowledgement | undefined;
  /** The panel reported the alarm over. */
  onCleared?: (devId: number, kind: AlarmKind) => void;
}

export class AlarmBook {
  private alarms: Alarm[] = [];
  private readonly listeners = new Set<() => void>();
  private serial = 0;
  /** The alarms raised by the last change that raised any (for the one announcement). */
  private raised: readonly Alarm[] = [];

  constructor(private readonly options: AlarmBookOptions = {}) {}

  /** Newest first: active and recent alarms of this session. */
  list = (): readonly Alarm[] => this.alarms;

  /** The alarms the last raising change brought (same array until another raises). */
  lastRaised = (): readonly Alarm[] => this.raised;

  listen = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The open alarm (not cleared) of a panel and kind. */
  private open(devId: number, kind: AlarmKind): Alarm | undefined {
    return this.alarms.find((alarm) => alarm.devId === devId && alarm.kind === kind && alarm.clearedAt === undefined);
  }

  /** Takes one frame's changes of the live store. */
  observe(changes: readonly PanelChange[]): void {
    let changed = false;
    const raised: Alarm[] = [];
    for (const change of changes) {
      for (const kind of KINDS) {
        const current = this.open(change.devId, kind);
        if (isOn(change.state, kind)) {
          if (!current) {
            const alarm = this.raise(change, kind);
            raised.push(alarm);
            changed = true;
          } else if (this.addDetails(current, change.update)) changed = true;
        } else if (current && change.update.KLStatus?.[FLAG[kind]] !== undefined) {
          this.replace(current, { ...current, clearedAt: change.receivedAt });
          this.options.onCleared?.(change.devId, kind);
          changed = true;
        }
      }
    }
    if (!changed) return;
    if (raised.length) this.raised = raised;
    this.trim();
    this.notify();
  }

  private raise(change: PanelChange, kind: AlarmKind): Alarm {
    this.serial += 1;
    const alarm: Alarm = {
      id: `${change.devId}-${kind}-${this.serial}`,
      devId: change.devId,
      kind,
      zones: openZones(change.update),
      partitions: armedPartitions(change.update),
      since: change.receivedAt,
    };
    // Already on when first heard (a reload, a new tab): acknowledged if this browser acknowledged it before.
    const earlier = change.previous === undefined ? this.options.wasAcknowledged?.(change.devId, kind) : undefined;
    if (earlier) Object.assign(alarm, { acknowledgedAt: earlier.at, acknowledgedBy: earlier.by });
    this.alarms = [alarm, ...this.alarms];
    return alarm;
  }

  /** Zones and partitions a later message of an open alarm adds; true when it added any. */
  private addDetails(alarm: Alarm, update: PanelState): boolean {
    const zones = openZones(update).filter((zone) => !alarm.zones.includes(zone));
    const known = new Set(alarm.partitions.map((part) => part.partno));
    const partitions = armedPartitions(update).filter((part) => !known.has(part.partno));
    if (!zones.length && !partitions.length) return false;
    this.replace(alarm, {
      ...alarm,
      zones: [...alarm.zones, ...zones].sort((a, b) => a - b),
      partitions: [...alarm.partitions, ...partitions].sort((a, b) => a.partno - b.partno),
    });
    return true;
  }

  /** Forgets every alarm (the session ended). */
  clear(): void {
    if (!this.alarms.length && !this.raised.length) return;
    this.alarms = [];
    this.raised = [];
    this.notify();
  }

  /** Acknowledges one alarm; the acknowledgement to tell the other tabs, or undefined if there was nothing to do. */
  acknowledge(id: string, by: string, at: number): Acknowledgement | undefined {
    const alarm = this.alarms.find((item) => item.id === id);
    if (!alarm || !isUnacknowledged(alarm)) return undefined;
    this.replace(alarm, { ...alarm, acknowledgedAt: at, acknowledgedBy: by });
    this.notify();
    return { devId: alarm.devId, kind: alarm.kind, at, by };
  }

  /**
   * Another tab's acknowledgement: the unacknowledged alarms of that panel and kind this tab heard of before it
   * (or within `leewayMs` after it: the tabs hear one message a few milliseconds apart).
   */
  acknowledgeMatching(ack: Acknowledgement, leewayMs = 5000): void {
    let changed = false;
    for (const alarm of this.alarms) {
      if (alarm.devId !== ack.devId || alarm.kind !== ack.kind || !isUnacknowledged(alarm)) continue;
      if (alarm.since > ack.at + leewayMs) continue;
      this.replace(alarm, { ...alarm, acknowledgedAt: ack.at, acknowledgedBy: ack.by });
      changed = true;
    }
    if (changed) this.notify();
  }

  private replace(alarm: Alarm, next: Alarm): void {
    this.alarms = this.alarms.map((item) => (item === alarm ? next : item));
  }

  private trim(): void {
    if (this.alarms.length <= MAX_KEPT_ALARMS) return;
    let excess = this.alarms.length - MAX_KEPT_ALARMS;
    const kept: Alarm[] = [];
    // Oldest first out: only finished alarms (cleared and acknowledged) may go.
    for (let index = this.alarms.length - 1; index >= 0; index--) {
      const alarm = this.alarms[index]!;
      if (excess > 0 && alarm.clearedAt !== undefined && !isUnacknowledged(alarm)) excess -= 1;
      else kept.unshift(alarm);
    }
    this.alarms = kept;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
