/**
 * The panel simulator: the example panels of the contract, alive. It publishes each panel's state on its
 * live-feed topic, changes it now and then as a real installation does (zones opening and closing, the GSM
 * signal moving, temperature drifting, now and then an alarm on an armed panel), and applies the commands
 * accepted by the mock (arm, stay-arm, disarm, bypass, output) so their effect arrives on the feed. A mock control
 * can disconnect a panel and connect it again (`setConnected`); the mock's server side hears of it
 * (`onConnectionChange`: the programming queue applies a panel's queued writes when it connects).
 * Every payload is checked against the AsyncAPI payload schema before it is published.
 */
import validatePayload from '../generated/live/validate-panel-update.js';
import type { PanelLiveUpdate } from '../generated/live/types.ts';
import type { Contract } from './contract.ts';
import { idValue } from './ids.ts';
import type { PanelListStates } from './panel-states.ts';
import type { CommandSink, ConnectionListener, PanelCommand, PanelUser, SecurityNotice } from './command-sink.ts';

type Record_ = Record<string, unknown>;

/** Status codes the example panels report (1 ready, 2 armed, 4 alarm; 9, 10, 14, 15 are delays). */
export const STATUS = { ready: 1, armed: 2, alarm: 4 } as const;

/** Panel passwords of the example installation (openapi/EXAMPLES.md): installer and master. */
export const PANEL_PASSWORDS = ['1234', '5678'];

/**
 * The panel users those passwords open, with their rights (openapi/EXAMPLES.md and the password check's examples):
 * the installer (user 0: installer and manage) and the master (user 1: manage, not installer).
 */
const PANEL_USERS: Readonly<Record<string, PanelUser>> = {
  '1234': { user_no: 0, installer: true, manage: true },
  '5678': { user_no: 1, installer: false, manage: true },
};

export interface SimulatorOptions {
  contract: Contract;
  /** Publishes on a topic; `retain` false for a notice that is no part of the panel's state (retained otherwise). */
  publish(topic: string, payload: PanelLiveUpdate, retain?: boolean): Promise<void> | void;
  topicTemplate?: string;
  /** Milliseconds between spontaneous changes; 0 turns them off (tests drive commands only). */
  tickMs?: number;
  random?: () => number;
  onInvalidPayload?(payload: unknown, errors: string): void;
}

interface SimPanel {
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

/** Keeps the wire type of a flag: a boolean stays boolean, a number becomes 0/1. */
const flag = (previous: unknown, on: boolean): boolean | number => (typeof previous === 'number' ? (on ? 1 : 0) : on);

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

export class PanelSimulator implements CommandSink {
  readonly panels = new Map<number, SimPanel>();
  private timer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<NodeJS.Timeout>();
  private readonly connectionListeners = new Set<ConnectionListener>();
  private readonly random: () => number;
  private readonly topicTemplate: string;
  published = 0;
  rejected = 0;

  constructor(private readonly options: SimulatorOptions) {
    this.random = options.random ?? Math.random;
    this.topicTemplate = options.topicTemplate ?? 'panels/{dev_id}';
    this.load();
  }

  /** Every panel as the contract's examples describe it. */
  private load(): void {
    const { contract } = this.options;
    this.panels.clear();
    const list = exampleData(contract, '/command/devices/userdevices/{offset}', 'default');
    for (const row of Array.isArray(list) ? (list as Record_[]) : []) {
      const devId = idValue(row.dev_id);
      const detail = exampleData(contract, '/command/devices/{id}/devicepart/0', `dev-${devId}`) as Record_ | undefined;
      const source = { ...row, ...(detail ?? {}) };
      const state = Object.fromEntries(Object.entries(source).filter(([key]) => LIVE_FIELDS.includes(key)));
      const zones = exampleData(contract, '/command/devices/{id}/zones', `dev-${devId}`);
      const outs = exampleData(contract, '/command/devices/{id}/outs', `dev-${devId}`);
      this.panels.set(devId, {
        devId,
        state,
        // Copies: a bypass or an output switched changes the panel, never the contract's examples (a reset reloads them).
        zones: Array.isArray(zones) ? structuredClone(zones as Record_[]) : [],
        outs: Array.isArray(outs) ? structuredClone(outs as Record_[]) : [],
      });
    }
    if (this.panels.size === 0) throw new Error('The contract has no example panels for the simulator');
  }

  /** Back to the contract's examples: commands still on their way are dropped, every panel is published again. */
  async reset(): Promise<void> {
    this.dropPending();
    this.load();
    await this.republish();
  }

  topic(devId: number): string {
    return this.topicTemplate.replace('{dev_id}', String(devId));
  }

  isConnected(devId: number): boolean {
    const connected = this.panels.get(devId)?.state.connected;
    return connected !== false && connected !== 0;
  }

  /**
   * Connects or disconnects a panel (a mock control) and publishes it on its topic. A disconnected panel changes no
   * more by itself, and the mock front answers its commands and settings calls with the panel error. → false when
   * there is no such panel.
   */
  async setConnected(devId: number, connected: boolean): Promise<boolean> {
    const panel = this.panels.get(devId);
    if (!panel) return false;
    const was = this.isConnected(devId);
    await this.send(panel, { connected: flag(panel.state.connected, connected) });
    if (was !== this.isConnected(devId)) for (const listener of this.connectionListeners) listener(devId, connected);
    return true;
  }

  /**
   * Calls `listener` once a panel connected or disconnected through `setConnected` (published first). The panels'
   * `reset` tells nobody: it puts the examples back, it is no panel coming online. → a function that stops the calls.
   */
  onConnectionChange(listener: ConnectionListener): () => void {
    this.connectionListeners.add(listener);
    return () => void this.connectionListeners.delete(listener);
  }

  /**
   * Every panel of the mock's installation answers to the example installation's panel passwords, a panel added on
   * the mock too (the access rules have refused one that does not exist or is out of the caller's reach before).
   */
  isPanelPassword(_devId: number, password: string): boolean {
    return PANEL_PASSWORDS.includes(password);
  }

  panelUserOf(devId: number, password: string): PanelUser | undefined {
    return this.isPanelPassword(devId, password) ? PANEL_USERS[password] : undefined;
  }

  /**
   * Publishes a security notice on the panel's topic (someone is guessing its password): checked against the AsyncAPI
   * payload schema like every message, never retained and never merged into the panel's state.
   */
  async securityNotice(devId: number, notice: SecurityNotice): Promise<void> {
    if (!this.panels.has(devId)) return;
    const payload = { dev_id: devId, security_notice: notice };
    if (!validatePayload(payload)) {
      this.rejected += 1;
      const errors = (validatePayload.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ');
      this.options.onInvalidPayload?.(payload, errors);
      return;
    }
    this.published += 1;
    await this.options.publish(this.topic(devId), payload, false);
  }

  async start(): Promise<void> {
    for (const panel of this.panels.values()) await this.send(panel, { ...panel.state });
    const tickMs = this.options.tickMs ?? 1500;
    if (tickMs > 0) this.timer = setInterval(() => this.tick(), tickMs);
  }

  /** Publishes every panel's whole state again (after the broker lost its retained messages). */
  async republish(): Promise<void> {
    for (const panel of this.panels.values()) await this.send(panel, { ...panel.state });
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.dropPending();
  }

  /** Forgets the changes still on their way (a command's later steps). */
  private dropPending(): void {
    for (const timeout of this.pending) clearTimeout(timeout);
    this.pending.clear();
  }

  private later(ms: number, work: () => void): void {
    const timeout = setTimeout(() => {
      this.pending.delete(timeout);
      work();
    }, ms);
    this.pending.add(timeout);
  }

  private async send(panel: SimPanel, patch: Record_): Promise<void> {
    const payload = { ...patch, dev_id: panel.devId, last_event_time: new Date().toISOString() };
    if (!validatePayload(payload)) {
      this.rejected += 1;
      const errors = (validatePayload.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`).join('; ');
      this.options.onInvalidPayload?.(payload, errors);
      return;
    }
    Object.assign(panel.state, payload);
    this.published += 1;
    await this.options.publish(this.topic(panel.devId), payload);
  }

  private pickConnected(): SimPanel | undefined {
    const connected = [...this.panels.values()].filter((panel) => this.isConnected(panel.devId));
    return connected[Math.floor(this.random() * connected.length)];
  }

  /** One spontaneous change on a random connected panel. */
  tick(): void {
    const panel = this.pickConnected();
    if (!panel) return;
    const roll = this.random();
    const kl = (panel.state.KLStatus ?? {}) as Record_;
    if (roll < 0.03 && panel.state.armed && !kl.alarm) {
      const zone = panel.zones[Math.floor(this.random() * panel.zones.length)];
      void this.send(panel, {
        KLStatus: { ...kl, alarm: flag(kl.alarm, true), event: flag(kl.event, true) },
        status: STATUS.alarm,
        status_desc: 'Alarm',
        ...(zone ? { zones: [{ zone_no: zone.zone_no, zone_status: 1 }] } : {}),
      });
    } else if (roll < 0.55 && panel.zones.length) {
      const candidates = panel.zones.filter((zone) => !zone.zone_byp_status);
      const zone = candidates[Math.floor(this.random() * candidates.length)];
      if (!zone) return;
      void this.send(panel, {
        motion: flag(panel.state.motion, true),
        zones: [{ zone_no: zone.zone_no, zone_status: 1 }],
      });
      this.later(1000 + this.random() * 2000, () => {
        void this.send(panel, {
          motion: flag(panel.state.motion, false),
          zones: [{ zone_no: zone.zone_no, zone_status: 0 }],
        });
      });
    } else if (roll < 0.85) {
      const level = Number(panel.state.gsmlevel ?? 60);
      const next = Math.max(20, Math.min(100, level + (this.random() < 0.5 ? -10 : 10)));
      void this.send(panel, { gsmlevel: next });
    } else if (typeof kl.temp === 'number' && kl.temp < 128) {
      void this.send(panel, { KLStatus: { ...kl, temp: driftTemperature(kl.temp, this.random() < 0.5 ? -1 : 1) } });
    }
  }

  /** The zone and output states of a panel now (copies): a bypass or an output switched since shows in its lists. */
  listStates(devId: number): PanelListStates | undefined {
    const panel = this.panels.get(devId);
    return panel && { zones: structuredClone(panel.zones), outs: structuredClone(panel.outs) };
  }

  /** Applies a command the mock accepted (Err 0). */
  handleCommand(command: PanelCommand): void {
    const panel = this.panels.get(idValue(command.dev_id));
    if (!panel) return;
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
        void this.send(panel, {
          armed: flag(panel.state.armed, true),
          stayarmed: flag(panel.state.stayarmed, stay),
          status: STATUS.armed,
          status_desc: stay ? 'Evde kurulu' : 'Kurulu',
          KLStatus: { ...kl, armed: flag(kl.armed, true) },
          ...(partList.length ? { PartList } : {}),
        });
        break;
      }
      case 'DISARM': {
        const PartList = setParts(false);
        const anyArmed = PartList.some((part) => Boolean(part.armed));
        void this.send(panel, {
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
        });
        break;
      }
      case 'BYPASS': {
        const zone = panel.zones.find((z) => idValue(z.zone_no) === idValue(command.zoneoutno));
        if (!zone) return;
        zone.zone_byp_status = on ? 2 : 0;
        void this.send(panel, {
          zones: [{ zone_no: zone.zone_no, zone_byp_status: zone.zone_byp_status }],
          KLStatus: {
            ...kl,
            bypass: flag(
              kl.bypass,
              panel.zones.some((z) => Number(z.zone_byp_status) > 0),
            ),
          },
        });
        break;
      }
      case 'OUTPUT': {
        const out = panel.outs.find((o) => idValue(o.out_no) === idValue(command.zoneoutno));
        if (!out) return;
        out.out_status = flag(out.out_status, on);
        void this.send(panel, { outs: [{ out_no: out.out_no, out_status: out.out_status }] });
        break;
      }
      default:
        break;
    }
  }
}
