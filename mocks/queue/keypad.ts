/**
 * The mock control `panels/settings` (mocks/controls.ts): someone at a panel's keypad sets fields of a record of the
 * panel's own. The server's known copy does not change, so a write queued before conflicts.
 */
import type { Operation } from '../contract.ts';
import type { ContractSchemas } from '../contract-schemas.ts';
import { ENVELOPE_FIELDS, recordOf, type SettingsStore } from '../db/settings-store.ts';
import { PANEL_PASSWORDS } from '../simulator.ts';
import { isObject, type Fields } from './types.ts';

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** What a keypad change needs: the panels' programming, each group's write operation and its request schema. */
export interface KeypadParts {
  settings: SettingsStore;
  writeOperations: ReadonlyMap<number, Operation>;
  schemas: ContractSchemas;
}

/**
 * A keypad change: the panel must exist (`exists`); → 400 with why for a body that is not `{ dev_id, group, member?,
 * list_id?, values }`, a group without a write, a field the record does not have, or a record the group's write
 * schema refuses; else the record as it is now.
 */
export function changeAtKeypad(
  { settings, writeOperations, schemas }: KeypadParts,
  body: unknown,
  exists: (devId: number) => boolean,
): { status: 200 | 400; body: Fields } {
  const refuse = (message: string) => ({ status: 400 as const, body: { message } });
  if (!isObject(body)) return refuse('The body must be JSON: { dev_id, group, member?, list_id?, values }');
  const { dev_id: devId, group, member = 0, list_id: listId = 0, values } = body;
  if (!isWhole(devId) || !exists(devId)) return refuse(`No panel ${String(devId)}`);
  const operation = isWhole(group) ? writeOperations.get(group) : undefined;
  if (!operation || !isWhole(group)) return refuse(`No settings group ${String(group)}`);
  if (!isWhole(member) || member < 0 || !isWhole(listId) || listId < 0) {
    return refuse('`member` and `list_id` must be whole numbers from 0');
  }
  if (!isObject(values) || Object.keys(values).length === 0) return refuse('`values` must name fields and values');
  const envelope = { dev_id: devId, group, member, list_id: listId };
  const record = recordOf(envelope);
  const current = settings.current(devId, group, record);
  if (!current) return refuse(`No record ${record} of group ${group}`);
  const unknown = Object.keys(values).filter((field) => ENVELOPE_FIELDS.includes(field) || !(field in current));
  if (unknown.length) return refuse(`Group ${group} has no field ${unknown.join(', ')}`);
  const write = { ...current, ...values, ...envelope, command: 'SET', user_pass: PANEL_PASSWORDS[0], offset: 0 };
  const refused = schemas.requestBody(operation)(write);
  if (refused) return refuse(`Refused by the ${operation.operationId} schema: ${refused}`);
  settings.write({ ...envelope, ...values });
  return { status: 200, body: { ...envelope, data: settings.current(devId, group, record) ?? {} } };
}
