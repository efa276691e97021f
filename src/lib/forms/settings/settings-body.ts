/**
 * The request bodies of programming (spec 2 §3, §7): a read is getpanelsettings with command GET, the group, the
 * record (`member`, or `list_id` for a keypad) and the stored panel password; a write is the group's own call with
 * the same envelope (command SET) and exactly the fields of the group's schema. The panel message is sent without
 * the envelope (its schema carries `dev_id`), with the panel password of the login (`user_pass`).
 */
import type { JsonObject, JsonValue, SettingsFormEntry } from '@generated/settings/types.ts';
import { isObject } from './schema-walk.ts';

/** The panel message form's group number in the registry (it is not a settings group). */
export const MESSAGE_GROUP = -1;
/** The keypad group addresses its record by `list_id`, every other group by `member`. */
export const KEYPAD_GROUP = 1;

/** Which panel, as whom, and which record of the group. */
export interface SettingsTarget {
  devId: number;
  /** The panel password of the login that opened the panel. */
  password: string;
  /** The record: zone 0-18, user 0-19, CMS 0-1, output 0-9, alarm code, program 0-7, keypad 0-3; 0 otherwise. */
  record: number;
}

const recordFields = (group: number, record: number) =>
  group === KEYPAD_GROUP ? { member: 0, list_id: record } : { member: record, list_id: 0 };

/** The getpanelsettings body that reads one record of a group. */
export const readBody = (group: number, target: SettingsTarget) => ({
  dev_id: target.devId,
  command: 'GET' as const,
  group,
  user_pass: target.password,
  offset: 0,
  ...recordFields(group, target.record),
});

/** The fields of `data` that the form's schema defines (anything else the panel sent is not written back). */
export function schemaFields(form: Pick<SettingsFormEntry, 'schema'>, data: JsonObject): JsonObject {
  const properties = isObject(form.schema.properties) ? form.schema.properties : {};
  return Object.fromEntries(
    Object.keys(properties).flatMap((name) => (data[name] === undefined ? [] : [[name, data[name] as JsonValue]])),
  );
}

/** The whole write body of a form: the envelope (or, for the message, the panel) and the schema's fields. */
export function writeBody(form: Pick<SettingsFormEntry, 'schema' | 'group'>, target: SettingsTarget, data: JsonObject) {
  const fields = schemaFields(form, data);
  if (form.group === MESSAGE_GROUP)
    return { ...fields, dev_id: target.devId, user_pass: target.password } as JsonObject;
  const { member, list_id } = recordFields(form.group, target.record);
  const envelope: JsonObject = {
    dev_id: target.devId,
    command: 'SET',
    group: form.group,
    member,
    user_pass: target.password,
    offset: 0,
  };
  if (form.group === KEYPAD_GROUP) envelope.list_id = list_id;
  return { ...fields, ...envelope };
}
