/**
 * The mock front on a Prism of its own, for the mock's tests of its areas: every panel connected and every panel
 * password accepted (a stand-in for the simulator; the panel side is tested with the real one in stack.test.ts).
 * `stop` ends both. With `controls` it also answers the controls of the mock stack (the test sessions' among them).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
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

/** What a test file sees of the front `frontForEachTest` runs for it. */
export interface TestFront {
  /** The front's address; read inside a test or a hook (it starts before the file's first test). */
  readonly url: string;
}

/**
 * The test front's lifecycle for one test file: started before its tests (with `session` and `controls` as
 * `startTestFront` takes them), stopped after them, and the mock's memory reset before each test
 * (`POST /api/__mock/areas/reset`), so every test starts from the contract's examples.
 */
export function frontForEachTest(
  contract: Contract,
  session?: FrontOptions['session'],
  controls?: FrontOptions['controls'],
): TestFront {
  let running: RunningFront | undefined;
  beforeAll(async () => {
    running = await startTestFront(contract, session, controls);
  }, 60_000);
  afterAll(async () => {
    await running?.stop();
  });
  beforeEach(async () => {
    const reset = await fetch(`${started().url}/api/__mock/areas/reset`, { method: 'POST' });
    if (reset.status !== 200) throw new Error(`The mock's reset answered ${reset.status}`);
  });
  const started = (): RunningFront => {
    if (!running) throw new Error('The test front has not started (read its url inside a test or a hook)');
    return running;
  };
  return {
    get url() {
      return started().url;
    },
  };
}
