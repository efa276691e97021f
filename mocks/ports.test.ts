import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ensurePortFree, freePort, PortTakenError } from './ports.ts';

describe('ports', () => {
  it('names the taken port and the setting that changes it', async () => {
    const port = await freePort();
    const holder = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
    try {
      const attempt = ensurePortFree({ name: 'mock API', port, setting: '--api-port or MOCK_API_PORT' });
      await expect(attempt).rejects.toBeInstanceOf(PortTakenError);
      await expect(attempt).rejects.toThrow(`Port ${port} (mock API) is already in use`);
      await expect(attempt).rejects.toThrow('--api-port or MOCK_API_PORT');
    } finally {
      holder.close();
    }
  });

  it('accepts a free port', async () => {
    await expect(ensurePortFree({ name: 'x', port: await freePort(), setting: 'y' })).resolves.toBeUndefined();
  });
});
