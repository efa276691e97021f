// Over 200 lines: the panels' programming in one store (writes, quick updates, known copies) every settings call reads.
/**
 * The panels' programming, remembered by the mock front: what each settings write stored, and how a settings read
 * answers, so a developer or a browser test can change a panel's settings, read them back and copy them from one
 * panel to another. Everything not written yet comes from the contract's examples, made to fit the record asked
 * for. The store lives in memory until the mock's panels reset (`POST /__mock/panels/reset`).
 *
 * Two copies of a record are kept apart: the panel's own (what a settings read of the connected panel answers; a
 * write the panel took, or a change at its keypad, the mock control `panels/settings`, changes it) and the server's
 * known copy (`known`: the record as the server last read it from the panel or wrote it, with when; the "before" of
 * a write queued for an offline panel, mocks/queue/panel-queue.ts). A record the server never read nor wrote is known as
 * the contract's example gives it, since the store started: the mock's server "has seen" the example installation.
 */
import type { Contract, Operation } from '../contract.ts';
import { idValue } from '../ids.ts';
import { recordNumberField } from '../../rules/record-numbers.ts';
import { recordFromRow, recordLists, rowFromRecord, type RecordList } from '../record-lists.ts';

type Fields = Record<string, unknown>;

/** A record as the server last knew it, and when (ISO 8601). */
export interface KnownRecord {
  data: Fields;
  known_at: string;
}

/** Fields of the settings envelope (spec 2 §3); the rest of a write's body is the group's fields. */
export const ENVELOPE_FIELDS = ['dev_id', 'command', 'group', 'member', 'user_pass', 'offset', 'list_id'];

/**
 * The quick updates of a zone or an output from its list (`updateZone`, `updateOutput`: name and active), by
 * operation: the list they change and the path parameter naming the row (its record `id`).
 */
export const QUICK_UPDATES: Readonly<Record<string, { list: string; idParam: string }>> = {
  'put /devices/{device_id}/zone/{zone_id}': { list: '/command/devices/{id}/zones', idParam: 'zone_id' },
  'put /devices/{device_id}/output/{out_id}': { list: '/command/devices/{id}/outs', idParam: 'out_id' },
};

/** The fields of a list row a quick update sets. */
const QUICK_FIELDS = ['name', 'active'] as const;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The settings group a write operation saves (its `x-settings-group`), or undefined for any other operation. */
export function settingsGroupOf(operation: Operation): number | undefined {
  const group = operation.spec['x-settings-group'];
  return typeof group === 'number' ? group : undefined;
}

/**
 * The name of the read example (getPanelSettings) that describes a record of a group: the record's own,
 * `group-<group>-<slug>-record-<record>` (zone 7's, unnamed and on no keypad), else the group's `group-<group>-<slug>`.
 */
export function readExampleName(names: Iterable<string>, group: number, record: number): string | undefined {
  const ofGroup = [...names].filter((name) => name.startsWith(`group-${group}-`));
  return (
    ofGroup.find((name) => name.endsWith(`-record-${record}`)) ?? ofGroup.find((name) => !/-record-\d+$/.test(name))
  );
}

/** The record a settings call addresses: the keypad number `list_id` for group 1, `member` otherwise. */
export function recordOf(body: Fields): number {
  return idValue((idValue(body.group) === 1 ? body.list_id : body.member) ?? 0);
}

/** A copy of a group's data with the record number of the record it belongs to (a panel numbers its records). */
function numbered(group: number, record: number, data: Fields): Fields {
  const numberField = recordNumberField(group);
  return numberField ? { ...data, [numberField]: record } : { ...data };
}

export class SettingsStore {
  private readonly saved = new Map<string, Fields>();
  /** Quick updates of list rows (name, active), by `<list path> <dev_id> <row id>`. */
  private readonly updated = new Map<string, Fields>();
  /** The server's known copies of records it read or wrote, by `key`. */
  private readonly knownCopies = new Map<string, KnownRecord>();
  /** When the store started: the time the server "saw" the example installation. */
  readonly startedAt = new Date().toISOString();

  /** The lists that show the records of a group, as the contract declares them (`x-settings-records`). */
  readonly lists: readonly RecordList[];

  constructor(private readonly contract: Contract) {
    this.lists = recordLists(contract);
  }

  private listOfPath(path: string): RecordList | undefined {
    return this.lists.find((list) => list.path === path);
  }

  private static key(devId: number, group: number, record: number): string {
    return `${devId}/${group}/${record}`;
  }

  /** How many records were written since the start or the last `clear`. */
  get size(): number {
    return this.saved.size;
  }

  /**
   * Remembers a write the panel accepted: the group's fields (the body without the envelope) over what the record
   * held before (what was written, else the contract's example for that record), numbered as the record it went to.
   */
  write(body: Fields): void {
    const devId = idValue(body.dev_id);
    const group = idValue(body.group);
    const record = recordOf(body);
    const fields = Object.fromEntries(Object.entries(body).filter(([name]) => !ENVELOPE_FIELDS.includes(name)));
    const before = this.current(devId, group, record) ?? {};
    this.saved.set(SettingsStore.key(devId, group, record), numbered(group, record, { ...before, ...fields }));
  }

  /** What was written to a record (a copy), or undefined when it never was. */
  read(devId: number, group: number, record: number): Fields | undefined {
    const found = this.saved.get(SettingsStore.key(devId, group, record));
    return found ? structuredClone(found) : undefined;
  }

  /**
   * What a record holds now as the mock knows it: what was written, else the contract's example for that record
   * (what a read answers); undefined for a group without an example.
   */
  current(devId: number, group: number, record: number): Fields | undefined {
    return this.read(devId, group, record) ?? this.exampleRecord(devId, group, record);
  }

  /** Forgets every write, quick update and known copy: the panels and the server's copies back to the examples. */
  clear(): void {
    this.saved.clear();
    this.updated.clear();
    this.knownCopies.clear();
  }

  /** The server read or wrote a record: its known copy is now `data` (a copy), as of `at`. */
  know(devId: number, group: number, record: number, data: Fields, at: Date = new Date()): void {
    this.knownCopies.set(SettingsStore.key(devId, group, record), {
      data: structuredClone(data),
      known_at: at.toISOString(),
    });
  }

  /**
   * The record as the server last read or wrote it (a copy), else as the contract's example gives it since the store
   * started; undefined for a record of a group without an example.
   */
  known(devId: number, group: number, record: number): KnownRecord | undefined {
    const found = this.knownCopies.get(SettingsStore.key(devId, group, record));
    if (found) return structuredClone(found);
    const example = this.exampleRecord(devId, group, record);
    return example && { data: example, known_at: this.startedAt };
  }

  /** Forgets the server's known copies (the panels keep their records). */
  clearKnown(): void {
    this.knownCopies.clear();
  }

  /**
   * Remembers a quick update the server took: the row `id` of the panel's `list` gets the update's name and active,
   * and so does the record the row lists (a zone's name is its record's name: the next settings read answers it).
   */
  updateListed(list: string, devId: number, id: number, update: Fields): void {
    const fields = Object.fromEntries(QUICK_FIELDS.filter((field) => field in update).map((f) => [f, update[f]]));
    const key = `${list} ${devId} ${id}`;
    const row = this.listedRow(list, devId, id);
    this.updated.set(key, { ...this.updated.get(key), ...fields });
    const shown = this.listOfPath(list);
    if (!shown || !row) return;
    const record = idValue(row[shown.numberField]);
    const current = this.current(devId, shown.group, record);
    if (!current) return;
    const changed = { ...current, ...recordFromRow(shown, fields) };
    this.saved.set(SettingsStore.key(devId, shown.group, record), numbered(shown.group, record, changed));
    this.know(devId, shown.group, record, changed);
  }

  /** A row of a panel's list as it is now (the contract's example with the changes since); undefined if none. */
  listedRow(list: string, devId: number, id: number): Fields | undefined {
    return this.listed(list, devId).find((row) => idValue(row.id) === id);
  }

  /**
   * A panel's list answer's rows as the panel holds them now: the quick updates made since, and the fields of the
   * records written since that the list shows (a zone renamed through programming shows its new name).
   */
  withUpdates(list: string, devId: number, rows: readonly unknown[]): unknown[] {
    const shown = this.listOfPath(list);
    return rows.map((row) => {
      if (!isObject(row)) return row;
      const rowDevId = row.dev_id === undefined ? devId : idValue(row.dev_id);
      const updated = { ...row, ...this.updated.get(`${list} ${rowDevId} ${idValue(row.id)}`) };
      const record = shown && this.read(rowDevId, shown.group, idValue(row[shown.numberField]));
      return shown && record ? rowFromRecord(shown, updated, record) : updated;
    });
  }

  /**
   * The answer to a GET read that Prism answered from the group's example (`{ Err: 0, group, member, data }`): the
   * record as written, or else the example with `member`, the record number and the record's listed name of the
   * record asked for.
   */
  answerRead(body: Fields, example: Fields): Fields {
    const devId = idValue(body.dev_id);
    const group = idValue(body.group);
    const member = idValue(body.member ?? 0);
    const record = recordOf(body);
    const saved = this.read(devId, group, record);
    if (saved) return { Err: 0, group, member, data: saved };
    const data = isObject(example.data) ? this.fitted(devId, group, record, example.data) : example.data;
    return { ...example, member, data };
  }

  /** The answer of a panel that is not connected: the settings read's `panel-error` example (Err 5). */
  notConnected(): Fields {
    const value = this.readExamples().get('panel-error')?.example.value;
    return isObject(value) ? { ...value } : { Err: 5 };
  }

  /** The group's example data made the record's: its number, and what the panel's list shows of it (its name). */
  private fitted(devId: number, group: number, record: number, data: Fields): Fields {
    const fitted = numbered(group, record, data);
    const shown = this.lists.find((list) => list.group === group);
    if (!shown) return fitted;
    const listed = this.listed(shown.path, devId).find((row) => idValue(row[shown.numberField]) === record);
    return listed ? { ...fitted, ...recordFromRow(shown, listed) } : fitted;
  }

  /** The rows of a panel's list example (`dev-<dev_id>`) of a GET operation, with the changes since. */
  private listed(path: string, devId: number): Fields[] {
    const operation = this.contract.operations.find((op) => op.method === 'get' && op.path === path);
    const value = operation && this.contract.responseExamples(operation).get(`dev-${devId}`)?.example.value;
    const rows = isObject(value) && Array.isArray(value.data) ? (value.data as unknown[]).filter(isObject) : [];
    return this.withUpdates(path, devId, rows) as Fields[];
  }

  /** The named answers of the settings read (getPanelSettings). */
  private readExamples(): ReturnType<Contract['responseExamples']> {
    const operation = this.contract.operations.find((op) => op.operationId === 'getPanelSettings');
    return operation ? this.contract.responseExamples(operation) : new Map();
  }

  /** The record as the contract's read example of the group describes it, fitted to the record (no write yet). */
  private exampleRecord(devId: number, group: number, record: number): Fields | undefined {
    const examples = this.readExamples();
    const name = readExampleName(examples.keys(), group, record);
    const value = name === undefined ? undefined : examples.get(name)?.example.value;
    return isObject(value) && isObject(value.data) ? this.fitted(devId, group, record, value.data) : undefined;
  }
}
