/** What the mock API asks of the panels' side (the panel simulator): their connection, password and commands. */
export interface CommandSink {
  isConnected(devId: number): boolean;
  isPanelPassword(devId: number, password: string): boolean;
  handleCommand(command: PanelCommand): void;
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
