// Over 200 lines: the programming file's one format, written and read (a file is refused whole), imported as one by the template pages.
/**
 * The programming template file: a whole panel programming as JSON, to keep, to load into the same panel again or
 * to apply to other panels.
 *
 *   { format: 'alarm-console-programming', schemaVersion: 1, exportedAt: '<ISO time>',
 *     panel: { devId, model?, description? },
 *     groups: { '<group>': { '<record>': { <the group's fields> } } } }
 *
 * A file is taken only whole: anything that is not this format, a version this console does not know, a group or
 * a record that does not exist, a record that names another record, or a value its group's schema refuses makes
 * the whole file refused (with the reason as an i18n key), so a bad or foreign file never writes anything. Only the
 * fields of each group's schema are kept (the write sends nothing else).
 */
import type { RJSFSchema } from '@rjsf/utils';
import type { JsonObject, SettingsFormEntry } from '@generated/settings/types.ts';
import { schemaFields } from './settings-body.ts';
import { i18nKeyOf, isObject, uiChild } from './schema-walk.ts';
import { isSettingsGroup, recordNumberField, recordsOf } from './settings-records.ts';

export const TEMPLATE_FORMAT = 'alarm-console-programming';
export const TEMPLATE_SCHEMA_VERSION = 1;

export interface TemplatePanel {
  devId: number;
  model?: string;
  description?: string;
}

/** The records of a template: group number → record number → the record's fields (numbers as object keys). */
export type TemplateGroups = Record<string, Record<string, JsonObject>>;

export interface ProgrammingTemplate {
  format: typeof TEMPLATE_FORMAT;
  schemaVersion: typeof TEMPLATE_SCHEMA_VERSION;
  /** When the programming was read (ISO 8601). */
  exportedAt: string;
  /** The panel it was read from. */
  panel: TemplatePanel;
  groups: TemplateGroups;
}

/** One record of a programming. */
export interface TemplateRecord {
  group: number;
  record: number;
  data: JsonObject;
}

/** What the template functions need of a settings form. */
export type TemplateForm = Pick<SettingsFormEntry, 'group' | 'schema' | 'uiSchema'> & {
  /** The group's own (precompiled) validator, used to check imported records. */
  validator?: RecordValidator;
};
/** The forms of the settings groups, by group number; a group without a form is unknown. */
export type TemplateForms = Readonly<Partial<Record<number, TemplateForm>>>;

/** Validates a record against its group's schema (each form's precompiled validator: `SettingsForm.validator`). */
export interface RecordValidator {
  validateFormData(formData: JsonObject, schema: RJSFSchema): { errors: readonly { property?: string }[] };
}

export interface BuildTemplateInput {
  panel: TemplatePanel;
  records: readonly TemplateRecord[];
  forms: TemplateForms;
  exportedAt?: Date;
}

const byNumber = (a: number, b: number) => a - b;

/** A template of the records read; each keeps only its group's schema fields (a group without a form is left out). */
export function buildTemplate({
  panel,
  records,
  forms,
  exportedAt = new Date(),
}: BuildTemplateInput): ProgrammingTemplate {
  const groups: TemplateGroups = {};
  const sorted = [...records].sort((a, b) => byNumber(a.group, b.group) || byNumber(a.record, b.record));
  for (const { group, record, data } of sorted) {
    const form = forms[group];
    if (!form) continue;
    (groups[String(group)] ??= {})[String(record)] = schemaFields(form, data);
  }
  const { devId, model, description } = panel;
  return {
    format: TEMPLATE_FORMAT,
    schemaVersion: TEMPLATE_SCHEMA_VERSION,
    exportedAt: exportedAt.toISOString(),
    panel: { devId, ...(model ? { model } : {}), ...(description ? { description } : {}) },
    groups,
  };
}

/** The file's text (indented, so a person can read and compare it). */
export const templateJson = (template: ProgrammingTemplate): string => `${JSON.stringify(template, null, 2)}\n`;

const two = (value: number) => String(value).padStart(2, '0');

/** `programming-<devId>-<YYYY-MM-DD>.json`, the date in the person's own time zone. */
export const templateFileName = (devId: number, date: Date): string =>
  `programming-${devId}-${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}.json`;

/** The records of a template, by group then record. */
export function templateRecords(template: Pick<ProgrammingTemplate, 'groups'>): TemplateRecord[] {
  return Object.entries(template.groups)
    .flatMap(([group, records]) =>
      Object.entries(records).map(([record, data]) => ({ group: Number(group), record: Number(record), data })),
    )
    .sort((a, b) => byNumber(a.group, b.group) || byNumber(a.record, b.record));
}

/** The groups a template holds, in order. */
export const templateGroupNumbers = (template: Pick<ProgrammingTemplate, 'groups'>): number[] =>
  Object.keys(template.groups).map(Number).sort(byNumber);

/** Why a file was refused: the message's i18n key (under `programming.templates.errors`). */
export type TemplateErrorKey =
  | 'programming.templates.errors.tooLarge'
  | 'programming.templates.errors.unreadable'
  | 'programming.templates.errors.notJson'
  | 'programming.templates.errors.wrongFormat'
  | 'programming.templates.errors.unsupportedVersion'
  | 'programming.templates.errors.malformed'
  | 'programming.templates.errors.empty'
  | 'programming.templates.errors.unknownGroup'
  | 'programming.templates.errors.recordOutOfRange'
  | 'programming.templates.errors.recordMismatch'
  | 'programming.templates.errors.invalidValues';

/** A record whose values its group's schema refuses, with the fields at fault (each its label keys, parents first). */
export interface InvalidRecord {
  group: number;
  record: number;
  fields: string[][];
}

export interface TemplateErrorDetail {
  /** The message's values (`{{version}}`, `{{group}}`, `{{record}}`, `{{count}}`). */
  values?: Record<string, string | number>;
  /** The first records whose values are refused (at most `MAX_REPORTED`). */
  invalid?: InvalidRecord[];
}

export type TemplateParse =
  { ok: true; template: ProgrammingTemplate } | { ok: false; error: TemplateErrorKey; detail?: TemplateErrorDetail };

export interface TemplateChecks {
  /** Validates the records of a group whose form brings no validator of its own. */
  validator?: RecordValidator;
  /** The codes of the alarm description list: the records of the alarm group. */
  alarmCodes: readonly number[];
}

/** The largest file taken (a whole programming is far smaller): a bigger one is not read at all. */
export const MAX_TEMPLATE_BYTES = 2_000_000;

/** How many refused records a failure names. */
export const MAX_REPORTED = 5;

const NUMBER_KEY = /^(0|[1-9]\d{0,8})$/;

const fail = (error: TemplateErrorKey, detail?: TemplateErrorDetail): TemplateParse => ({ ok: false, error, detail });

/** The label keys of the field an error names (`.alarm_events.siren`), parents first; none for the record itself. */
function fieldLabelKeys(form: TemplateForm, property: string | undefined): string[] {
  let ui: JsonObject | undefined = form.uiSchema;
  const keys: string[] = [];
  for (const step of (property ?? '').split('.').filter(Boolean)) {
    ui = uiChild(ui, step);
    const key = i18nKeyOf(ui);
    if (key) keys.push(key);
  }
  return keys;
}

function invalidFields(form: TemplateForm, data: JsonObject, validator: RecordValidator): string[][] | undefined {
  const { errors } = validator.validateFormData(data, form.schema as RJSFSchema);
  if (errors.length === 0) return undefined;
  const fields = new Map<string, string[]>();
  for (const error of errors) {
    const keys = fieldLabelKeys(form, error.property);
    if (keys.length > 0) fields.set(keys.join('/'), keys);
  }
  return [...fields.values()];
}

const validPanel = (panel: unknown): panel is TemplatePanel =>
  isObject(panel) &&
  Number.isSafeInteger(panel.devId) &&
  (panel.devId as number) >= 0 &&
  (panel.model === undefined || typeof panel.model === 'string') &&
  (panel.description === undefined || typeof panel.description === 'string');

const validTime = (value: unknown): value is string => typeof value === 'string' && !Number.isNaN(Date.parse(value));

/** Reads a template file: the template, or the reason it is refused (nothing of a refused file may be written). */
export function parseTemplate(text: string, forms: TemplateForms, checks: TemplateChecks): TemplateParse {
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch {
    return fail('programming.templates.errors.notJson');
  }
  if (!isObject(root) || root.format !== TEMPLATE_FORMAT) return fail('programming.templates.errors.wrongFormat');
  if (root.schemaVersion !== TEMPLATE_SCHEMA_VERSION) {
    return fail('programming.templates.errors.unsupportedVersion', { values: { version: String(root.schemaVersion) } });
  }
  if (!validPanel(root.panel) || !validTime(root.exportedAt) || !isObject(root.groups)) {
    return fail('programming.templates.errors.malformed');
  }
  const groups: TemplateGroups = {};
  const invalid: InvalidRecord[] = [];
  let invalidCount = 0;
  for (const [groupKey, records] of Object.entries(root.groups)) {
    const group = Number(groupKey);
    const form = NUMBER_KEY.test(groupKey) && isSettingsGroup(group) ? forms[group] : undefined;
    if (!form) return fail('programming.templates.errors.unknownGroup', { values: { group: groupKey } });
    if (!isObject(records)) return fail('programming.templates.errors.malformed');
    const allowed = recordsOf(group, checks.alarmCodes);
    const numberField = recordNumberField(group);
    for (const [recordKey, data] of Object.entries(records)) {
      const record = Number(recordKey);
      const values = { group, record: recordKey };
      if (!NUMBER_KEY.test(recordKey) || !allowed.includes(record)) {
        return fail('programming.templates.errors.recordOutOfRange', { values });
      }
      if (!isObject(data)) return fail('programming.templates.errors.malformed');
      const fields = schemaFields(form, data);
      if (numberField && fields[numberField] !== undefined && fields[numberField] !== record) {
        return fail('programming.templates.errors.recordMismatch', { values });
      }
      const validator = form.validator ?? checks.validator;
      if (!validator) throw new Error(`No validator for settings group ${group}`);
      const refused = invalidFields(form, fields, validator);
      if (refused) {
        invalidCount += 1;
        if (invalid.length < MAX_REPORTED) invalid.push({ group, record, fields: refused });
      }
      (groups[groupKey] ??= {})[recordKey] = fields;
    }
  }
  if (invalidCount > 0) {
    return fail('programming.templates.errors.invalidValues', { values: { count: invalidCount }, invalid });
  }
  if (templateRecords({ groups }).length === 0) return fail('programming.templates.errors.empty');
  const { devId, model, description } = root.panel as TemplatePanel;
  return {
    ok: true,
    template: {
      format: TEMPLATE_FORMAT,
      schemaVersion: TEMPLATE_SCHEMA_VERSION,
      exportedAt: root.exportedAt as string,
      panel: { devId, ...(model ? { model } : {}), ...(description ? { description } : {}) },
      groups,
    },
  };
}
