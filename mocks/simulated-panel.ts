/**
 * One simulated panel (mocks/simulator.ts keeps them and publishes): as the contract's examples start it, the change
 * an accepted command makes (arm, stay-arm, disarm, bypass, output), and the spontaneous changes of a real
 * installation (a zone opening and closing, the GSM signal, the temperature, now and then an alarm when armed).
 */
import type { PanelCommand } from './command-sink.ts';
import type { Contract } from './contract.ts';
import { idValue } from './ids.ts';

export type Record_ = Record<string, unknown>;

/** A simulated panel: its live state, zones and outputs. */
export interface SimPanel {
  devId: number;
  state: Record_;
  zones: Record_[];
  outs: Record_[];
}

const exampleData = (contract: Contract, path: string, name: string): unknown => {
  const operation = contract.operations.find((op) => op.method === 'get' && op.path === path);
  if (!operation) return undefined;
  const value = contract.responseExamples(operation).get(name)?.example.value as Record_ | undefined;
  return value?.data;
};

const LIVE_FIELDS = [
  'dev_id',
  'status',
  'status_desc',
  'armed',
  'stayarmed',
  'connected',
  'partcount',
  'PartList',
  'KLStatus',
  'gsmlevel',
  'battary',
  'motion',
  'ahm1',
  'ahm2',
  'last_event_time',
];

/** Every panel of the contract's example installation, as its examples describe it. */
export function examplePanels(contract: Contract): SimPanel[] {
  const list = exampleData(contract, '/command/devices/userdevices/{offset}', 'default');
  return (Array.isArray(list) ? (list as Record_[]) : []).map((row) => {
    const devId = idValue(row.dev_id);
    const detail = exampleData(contract, '/command/devices/{id}/devicepart/0', `dev-${devId}`) as Record_ | undefined;
    const source = { ...row, ...(detail ?? {}) };
    const state = Object.fromEntries(Object.entries(source).filter(([key]) => LIVE_FIELDS.includes(key)));
    const zones = exampleData(contract, '/command/devices/{id}/zones', `dev-${devId}`);
    const outs = exampleData(contract, '/command/devices/{id}/outs', `dev-${devId}`);
    return {
      devId,
      state,
      // Copies: a bypass or an output switched changes the panel, never the contract's examples (a reset reloads them).
      zones: Array.isArray(zones) ? structuredClone(zones as Record_[]) : [],
      outs: Array.isArray(outs) ? structuredClone(outs as Record_[]) : [],
    };
  });
}

/** Status codes the example panels report (1 ready, 2 armed, 4 alarm; 9, 10, 14, 15 are delays). */
export const STATUS = { ready: 1, armed: 2, alarm: 4 } as const;

/** Keeps the wire type of a flag: a boolean stays boolean, a number becomes 0/1. */
export const flag = (previous: unknown, on: boolean): boolean | number =>
  typeof previous === 'number' ? (on ? 1 : 0) : on;

/** The indoor temperatures a simulated panel's sensor drifts between, in degrees Celsius. */
export const TEMPERATURE_RANGE = { min: 10, max: 40 } as const;

/**
 * A panel's temperature one degree on (`step` +1 or -1), turning back at the ends of TEMPERATURE_RANGE: a long run
 * never walks it out of what a room has, nor below the live contract's minimum of 0 (a payload the broker's schema
 * check would refuse).
 */
export function driftTemperature(temp: number, step: 1 | -1): number {
  const next = temp + step;
  if (next < TEMPERATURE_RANGE.min) return Math.min(temp + 1, TEMPERATURE_RANGE.max);
  if (next > TEMPERATURE_RANGE.max) return Math.max(temp - 1, TEMPERATURE_RANGE.min);
  return next;
}

/** A spontaneous change: the patch published now, and the one that undoes it after `ms` (a zone closing again). */
export interface SpontaneousChange {
  now: Record_;
  later?: { ms: number; patch: Record_ };
}

/** One spontaneous change of a connected panel, as `random` rolls it; undefined when nothing changes. */
export function spontaneousChange(panel: SimPanel, random: () => number): SpontaneousChange | undefined {
  const roll = random();
  const kl = (panel.state.KLStatus ?? {}) as Record_;
  if (roll < 0.03 && panel.state.armed && !kl.alarm) {
    const zone = panel.zones[Math.floor(random() * panel.zones.length)];
    return {
      now: {
        KLStatus: { ...kl, alarm: flag(kl.alarm, true), event: flag(kl.event, true) },
        status: STATUS.alarm,
        status_desc: 'Alarm',
        ...(zone ? { zones: [{ zone_no: zone.zone_no, zone_status: 1 }] } : {}),
      },
    };
  }
  if (roll < 0.55 && panel.zones.length) {
    const candidates = panel.zones.filter((zone) => !zone.zone_byp_status);
    const zone = candidates[Math.floor(random() * candidates.length)];
    if (!zone) return undefined;
    return {
      now: { motion: flag(panel.state.motion, true), zones: [{ zone_no: zone.zone_no, zone_status: 1 }] },
      later: {
        ms: 1000 + random() * 2000,
        patch: { motion: flag(panel.state.motion, false), zones: [{ zone_no: zone.zone_no, zone_status: 0 }] },
      },
    };
  }
  if (roll < 0.85) {
    const level = Number(panel.state.gsmlevel ?? 60);
    return { now: { gsmlevel: Math.max(20, Math.min(100, level + (random() < 0.5 ? -10 : 10))) } };
  }
  if (typeof kl.temp === 'number' && kl.temp < 128) {
    return { now: { KLStatus: { ...kl, temp: driftTemperature(kl.temp, random() < 0.5 ? -1 : 1) } } };
  }
  return undefined;
}

/**
 * The change an accepted command (Err 0) makes to a panel, to publish; undefined for none. A bypass or an output
 * switched changes the panel's zone or output list too.
 */
export function commandChange(panel: SimPanel, command: PanelCommand): Record_ | undefined {
  const kl = (panel.state.KLStatus ?? {}) as Record_;
  const on = command.status === true || Number(command.status) === 1;
  const partList = Array.isArray(panel.state.PartList) ? (panel.state.PartList as Record_[]) : [];
  const partCommand = Boolean(command.ispart) && partList.length > 0;
  const setParts = (armed: boolean) =>
    partList.map((part) =>
      !partCommand || idValue(part.partno) === idValue(command.partno)
        ? { ...part, armed: flag(part.armed, armed) }
        : part,
    );
  switch (command.command) {
    case 'ARM':
    case 'STAYARM': {
      const stay = command.command === 'STAYARM';
      const PartList = setParts(true);
      return {
        armed: flag(panel.state.armed, true),
        stayarmed: flag(panel.state.stayarmed, stay),
        status: STATUS.armed,
        status_desc: stay ? 'Evde kurulu' : 'Kurulu',
        KLStatus: { ...kl, armed: flag(kl.armed, true) },
        ...(partList.length ? { PartList } : {}),
      };
    }
    case 'DISARM': {
      const PartList = setParts(false);
      const anyArmed = PartList.some((part) => Boolean(part.armed));
      return {
        armed: flag(panel.state.armed, anyArmed),
        stayarmed: flag(panel.state.stayarmed, false),
        status: anyArmed ? STATUS.armed : STATUS.ready,
        status_desc: anyArmed ? 'Kısmi kurulu' : 'Sistem hazır',
        KLStatus: {
          ...kl,
          armed: flag(kl.armed, anyArmed),
          alarm: flag(kl.alarm, false),
          firealarm: flag(kl.firealarm, false),
        },
        ...(partList.length ? { PartList } : {}),
      };
    }
    case 'BYPASS': {
      const zone = panel.zones.find((z) => idValue(z.zone_no) === idValue(command.zoneoutno));
      if (!zone) return undefined;
      zone.zone_byp_status = on ? 2 : 0;
      return {
        zones: [{ zone_no: zone.zone_no, zone_byp_status: zone.zone_byp_status }],
        KLStatus: {
          ...kl,
          bypass: flag(
            kl.bypass,
            panel.zones.some((z) => Number(z.zone_byp_status) > 0),
          ),
        },
      };
    }
    case 'OUTPUT': {
      const out = panel.outs.find((o) => idValue(o.out_no) === idValue(command.zoneoutno));
      if (!out) return undefined;
      out.out_status = flag(out.out_status, on);
      return { outs: [{ out_no: out.out_no, out_status: out.out_status }] };
    }
    default:
      return undefined;
  }
}
