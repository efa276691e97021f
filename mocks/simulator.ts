// Over 200 lines: the panels' one live side (connection, passwords, publishing, timers) the stack and the API share.
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
import {
  commandChange,
  examplePanels,
  flag,
  spontaneousChange,
  type Record_,
  type SimPanel,
} from './simulated-panel.ts';

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
    this.panels.clear();
    for (const panel of examplePanels(this.options.contract)) this.panels.set(panel.devId, panel);
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

  /** One spontaneous change on a random connected panel (mocks/simulated-panel.ts). */
  tick(): void {
    const panel = this.pickConnected();
    const change = panel && spontaneousChange(panel, this.random);
    if (!panel || !change) return;
    void this.send(panel, change.now);
    const { later } = change;
    if (later) this.later(later.ms, () => void this.send(panel, later.patch));
  }

  /** The zone and output states of a panel now (copies): a bypass or an output switched since shows in its lists. */
  listStates(devId: number): PanelListStates | undefined {
    const panel = this.panels.get(devId);
    return panel && { zones: structuredClone(panel.zones), outs: structuredClone(panel.outs) };
  }

  /** Applies a command the mock accepted (Err 0): its change is published (mocks/simulated-panel.ts). */
  handleCommand(command: PanelCommand): void {
    const panel = this.panels.get(idValue(command.dev_id));
    const change = panel && commandChange(panel, command);
    if (panel && change) void this.send(panel, change);
  }
}
