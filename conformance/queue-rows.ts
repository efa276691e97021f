/** The panel's programming queue as the queue flow (queue-flow.ts) reads it: an item, the rows, the records waited on. */
import { dataOf, expectSuccess, StepFailure, type StepCalls } from './flow-kit.ts';
import { isObject } from './requests.ts';

/** The states of a write that hold the later writes of its record back. */
const WAITING = new Set(['queued', 'applying', 'conflicted']);

/** The item a queued write answered (`data`). */
export const queuedItem = (answer: { json?: unknown }): Record<string, unknown> => {
  const data = dataOf(answer as never);
  if (!isObject(data)) throw new StepFailure('queueSettingsWrite answered no item (data)');
  return data;
};

/** The rows of the panel's queue (getPanelQueue, the first 100). */
export async function queueRows(calls: StepCalls, token: string, devId: number): Promise<Record<string, unknown>[]> {
  const answer = await calls.call('getPanelQueue', { token, query: { dev_id: devId, limit: 100, offset: 0 } });
  expectSuccess('getPanelQueue', answer);
  const rows = dataOf(answer);
  if (!Array.isArray(rows)) throw new StepFailure('getPanelQueue answered no list (data)');
  return rows.filter(isObject);
}

/** The records (members) of a group's list on which a write of the queue waits. */
export const waitingMembers = (
  rows: Record<string, unknown>[],
  record: { group: number; list_id: number },
): Set<number> =>
  new Set(
    rows
      .filter((row) => row.group === record.group && row.list_id === record.list_id && WAITING.has(String(row.state)))
      .map((row) => Number(row.member)),
  );
