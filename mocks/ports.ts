import { createServer as createNetServer } from 'node:net';

/** A port the mock stack needs, with the setting that changes it (for the error message). */
export interface PortNeed {
  name: string;
  port: number;
  setting: string;
}

export class PortTakenError extends Error {
  constructor(need: PortNeed) {
    super(
      `Port ${need.port} (${need.name}) is already in use. Stop whatever uses it, or choose another port with ${need.setting}.`,
    );
    this.name = 'PortTakenError';
  }
}

/** Resolves when `port` can be bound on 127.0.0.1, rejects with PortTakenError otherwise. */
export const ensurePortFree = (need: PortNeed): Promise<void> =>
  new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? new PortTakenError(need) : error);
    });
    probe.listen(need.port, '127.0.0.1', () => probe.close(() => resolve()));
  });

/** Asks the system for a free loopback port (tests use it to run stacks side by side). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
