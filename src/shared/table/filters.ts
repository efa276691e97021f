/**
 * The filters of a table (spec 1 "Generic tables": per field a checkbox and a text, date or select input). A filter
 * in force is kept as text, the way the URL holds it (`?name=ali&type=1&from=2026-11-20`), and turned into the
 * call's query parameters only when the call is built: a select gives its option's own value (a number, a boolean),
 * a date `YYYY-MM-DD` (or the field's `toParam`).
 */

export type QueryParamValue = string | number | boolean;

export interface SelectOption {
  /** The value sent to the server (and, as text, kept in the URL). */
  value: QueryParamValue;
  label: string;
}

interface FilterBase {
  /** The key in the URL; also the query parameter unless `param` names another. */
  id: string;
  label: string;
  /** The query parameter of the call, when it is not `id`. */
  param?: string;
  /** The parameter's value from the filter's text (for example a date as the API wants it). */
  toParam?: (value: string) => QueryParamValue;
}

export interface TextFilter extends FilterBase {
  kind: 'text';
  /** Longest text accepted (default 200). */
  maxLength?: number;
}

export interface DateFilter extends FilterBase {
  kind: 'date';
}

export interface SelectFilter extends FilterBase {
  kind: 'select';
  options: readonly SelectOption[];
}

export type FilterField = TextFilter | DateFilter | SelectFilter;

/** The filters in force: field id → its value as text. A field without an entry is off. */
export type FilterValues = Readonly<Record<string, string>>;

/** The query parameters the filters in force give to a call. */
export type FilterParams = Record<string, QueryParamValue>;

export const DEFAULT_TEXT_MAX_LENGTH = 200;
export const DATE_VALUE_FORMAT = 'YYYY-MM-DD';

/** A calendar day written `YYYY-MM-DD` that exists (no 30 February). */
export function isDateValue(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const scalarText = (raw: unknown): string | undefined =>
  typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : undefined;

/** A field's value from what the URL (or a draft) holds, or undefined when it is empty or not valid for the field. */
export function filterValue(field: FilterField, raw: unknown): string | undefined {
  const text = scalarText(raw)?.trim();
  if (!text) return undefined;
  switch (field.kind) {
    case 'text':
      return text.slice(0, field.maxLength ?? DEFAULT_TEXT_MAX_LENGTH);
    case 'date':
      return isDateValue(text) ? text : undefined;
    case 'select':
      return field.options.some((option) => String(option.value) === text) ? text : undefined;
  }
}

/** The filters in force from the URL's search: only the table's fields, each valid for its kind. */
export function readFilters(fields: readonly FilterField[], search: Readonly<Record<string, unknown>>): FilterValues {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const value = filterValue(field, search[field.id]);
    if (value !== undefined) values[field.id] = value;
  }
  return values;
}

/**
 * The URL's search entries of the filters: every field of the table, undefined when off, so that merged into the
 * current search it also removes the filters turned off. A select writes its option's own value, so the URL reads
 * `?type=1&active=true` (the router quotes a text that would read as a number or a boolean).
 */
export function filterSearch(
  fields: readonly FilterField[],
  values: FilterValues,
): Record<string, QueryParamValue | undefined> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = filterValue(field, values[field.id]);
      return [field.id, value === undefined ? undefined : field.kind === 'select' ? paramValue(field, value) : value];
    }),
  );
}

/** The query parameters of the call for the filters in force. */
export function filterParams(fields: readonly FilterField[], values: FilterValues): FilterParams {
  const params: FilterParams = {};
  for (const field of fields) {
    const value = filterValue(field, values[field.id]);
    if (value === undefined) continue;
    params[field.param ?? field.id] = field.toParam ? field.toParam(value) : paramValue(field, value);
  }
  return params;
}

function paramValue(field: FilterField, value: string): QueryParamValue {
  if (field.kind !== 'select') return value;
  return field.options.find((option) => String(option.value) === value)?.value ?? value;
}

/** What a filter in force shows (the option's label for a select). */
export function filterDisplay(field: FilterField, value: string): string {
  if (field.kind !== 'select') return value;
  return field.options.find((option) => String(option.value) === value)?.label ?? value;
}

export const sameFilters = (a: FilterValues, b: FilterValues): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** The filter dialog's form: per field whether it is on and what is entered (kept while the field is off). */
export type FilterDraft = Record<string, { enabled: boolean; value: string }>;

export const draftOf = (fields: readonly FilterField[], values: FilterValues): FilterDraft =>
  Object.fromEntries(
    fields.map((field) => [field.id, { enabled: values[field.id] !== undefined, value: values[field.id] ?? '' }]),
  );

/**
 * The filters a draft puts in force, and the fields that are on without a valid value (the dialog says so and does
 * not apply). A field that is off is not in force, whatever it holds.
 */
export function valuesOfDraft(
  fields: readonly FilterField[],
  draft: FilterDraft,
): { values: FilterValues; invalid: string[] } {
  const values: Record<string, string> = {};
  const invalid: string[] = [];
  for (const field of fields) {
    const entry = draft[field.id];
    if (!entry?.enabled) continue;
    const value = filterValue(field, entry.value);
    if (value === undefined) invalid.push(field.id);
    else values[field.id] = value;
  }
  return { values, invalid };
}
