/**
 * The mock starts as the contract's example installation, its programming queue included (`npm start`,
 * `npm run mock`): the writes the examples name (7 applied, 8 conflicted on panel 1) are there at once and again
 * after the areas reset; a queue started empty (the browser tests' `--empty-queue`) stays empty after it.
 */
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILE, Contract } from '../contract.ts';
import { PanelQueue } from './panel-queue.ts';
import { SettingsStore } from '../db/settings-store.ts';
import { PanelSimulator } from '../simulator.ts';

const contract = Contract.load(CONTRACT_FILE);

const queueOf = (examples: boolean) =>
  new PanelQueue({
    contract,
    simulator: new PanelSimulator({ contract, publish: () => undefined, tickMs: 0 }),
    settings: new SettingsStore(contract),
    examples,
  });

/** The ids and states of every write, as the list shows them to an administrator. */
const listed = (queue: PanelQueue) => queue.list({}, () => true, 100, 0).data.map((item) => [item.id, item.state]);

/** The ids the contract's examples of cancelling and resolving a write name. */
const namedIds = ['cancelQueuedWrite', 'resolveQueuedWrite'].map((id) => {
  const parameters = contract.byId(id).pathItem.parameters as { name?: string; example?: number }[];
  return parameters.find((parameter) => parameter.name === 'id')!.example;
});

describe("the mock's programming queue at start", () => {
  it("holds the contract's example writes, and has them back after a reset", () => {
    const queue = queueOf(true);
    try {
      expect(listed(queue)).toEqual([
        [7, 'applied'],
        [8, 'conflicted'],
      ]);
      for (const id of namedIds) expect(queue.get(id!)?.state).toBe('conflicted');
      queue.reset();
      expect(listed(queue)).toEqual([
        [7, 'applied'],
        [8, 'conflicted'],
      ]);
    } finally {
      queue.stop();
    }
  });

  it('stays empty when started empty, a reset included', () => {
    const queue = queueOf(false);
    try {
      expect(listed(queue)).toEqual([]);
      queue.reset();
      expect(listed(queue)).toEqual([]);
    } finally {
      queue.stop();
    }
  });
});
