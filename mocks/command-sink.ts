import type { LiveSecurityNotice } from '../generated/live/types.ts';
import type { PanelListStates } from './panel-states.ts';

/** What the mock API asks of the panels' side (the panel simulator): their connection, password and commands. */
export interface CommandSink {
  isConnected(devId: number): boolean;
  isPanelPassword(devId: number, password: string): boolean;
  /**
   * The panel user a password opens, with its rights; undefined for a wrong one. Optional: a sink without it grants a
   * right password the least rights only (`any`: no manage, no installer).
   */
  panelUserOf?(devId: number, password: string): PanelUser | undefined;
  /** Publishes a security notice on the panel's live topic (not retained, no part of its state). Optional. */
  securityNotice?(devId: number, notice: SecurityNotice): Promise<void> | void;
  handleCommand(command: PanelCommand): void;
  /**
   * The zone and output states the panel holds now (bypass, output on/off), which its lists answer. Optional: a sink
   * without it leaves the lists as the contract's examples say.
   */
  listStates?(devId: number): PanelListStates | undefined;
  /**
   * Calls `listener` each time a panel connects or disconnects (a mock control), once its new state was published;
   * → a function that stops the calls. Optional: a fixed set of panels (a test's) never changes.
   */
  onConnectionChange?(listener: ConnectionListener): () => void;
  /** Connects or disconnects a panel and publishes it (a firmware update restarts it); false when there is none. */
  setConnected?(devId: number, connected: boolean): Promise<boolean>;
}

/** Told that a panel connected or disconnected. */
export type ConnectionListener = (devId: number, connected: boolean) => void;

/** A panel command the panel accepted (the body of `post /command/devices/controlpanel`). */
export interface PanelCommand {
  dev_id: number;
  command: string;
  partno?: number;
  ispart?: number | boolean;
  zoneoutno?: number;
  status?: number | boolean;
}

/** A panel user as a password opens it: the user number and the rights a call may need (`x-panel-password`). */
export interface PanelUser {
  user_no: number;
  installer: boolean;
  manage: boolean;
}

/** The live feed's security notice (AsyncAPI `LiveSecurityNotice`): someone is guessing the panel's password. */
export type SecurityNotice = LiveSecurityNotice;
