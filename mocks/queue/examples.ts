/**
 * The contract's example queue (`getPanelQueue`'s `default` answer: write 7 applied, write 8 conflicted, on panel 1)
 * as the queue keeps it: the mock is the contract's example installation, and the examples of cancelling and
 * resolving name write 8 (`npm start` and `npm run mock` start with them; the browser tests' stacks start empty,
 * `--empty-queue`). Each write's body is the record as the panel holds it with the queued values, sent with the
 * installer's panel password.
 */
import type { QueueItem } from '@generated/api/types.gen.ts';
import { recordOf } from '../db/settings-store.ts';
import { PANEL_PASSWORDS } from '../simulator.ts';
import { isObject, type PanelQueueOptions, type QueueUser, type Stored } from './types.ts';

/** The example writes, oldest first. */
export function exampleQueue({ contract, settings, userType }: PanelQueueOptions): Stored[] {
  const value = contract.responseExamples(contract.byId('getPanelQueue')).get('default')?.example.value;
  const items = isObject(value) && Array.isArray(value.data) ? (value.data as unknown as QueueItem[]) : [];
  const stored = items.map((example): Stored => {
    const item = structuredClone(example);
    const envelope = { dev_id: item.dev_id, command: 'SET', group: item.group, member: item.member };
    const withList = { ...envelope, list_id: item.list_id, user_pass: PANEL_PASSWORDS[0], offset: 0 };
    const record = settings.current(item.dev_id, item.group, recordOf(withList)) ?? {};
    const queued = Object.fromEntries(item.changes.map((change) => [change.field, change.queued]));
    const type = userType?.(item.queued_by.id);
    const user: QueueUser = {
      ...item.queued_by,
      user_type: (type === 1 || type === 2 ? type : 0) as QueueUser['user_type'],
    };
    return { item, write: { ...record, ...queued, ...withList }, user };
  });
  return stored.sort((a, b) => a.item.id - b.item.id);
}
