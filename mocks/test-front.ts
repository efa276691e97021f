/**
 * The mock front on a Prism of its own, for the mock's tests of its areas: every panel connected and every panel
 * password accepted (a stand-in for the simulator; the panel side is tested with the real one in stack.test.ts).
 * `stop` ends both. With `controls` it also answers the controls of the mock stack (the test sessions' among them).
 */
import { CONTRACT_FILE, type Contract } from './contract.ts';
import { startFront, type FrontOptions, type RunningFront } from './front.ts';
import { freePort } from './ports.ts';
import { startPrism } from './prism.ts';

export async function startTestFront(
  contract: Contract,
  session?: FrontOptions['session'],
  controls?: FrontOptions['controls'],
): Promise<RunningFront> {
  const prism = await startPrism({ mode: 'mock', contract: CONTRACT_FILE, port: await freePort() });
  const front = await startFront({
    port: await freePort(),
    prismUrl: prism.url,
    contract,
    simulator: { isConnected: () => true, isPanelPassword: () => true, handleCommand: () => undefined },
    ...(session ? { session } : {}),
    ...(controls ? { controls } : {}),
  });
  return {
    ...front,
    stop: async () => {
      await front.stop();
      await prism.stop();
    },
  };
}
