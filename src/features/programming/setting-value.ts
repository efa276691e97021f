/**
 * A setting's value as the form shows it, for the diff: yes/no, an option's or a lookup entry's name, the selected
 * keypads, the chosen days, a time as HH:mm, a number or a text. Empty is a dash.
 */
import type { JsonObject, JsonValue } from '@generated/settings/types.ts';
import { isObject, resolve, uiOptions } from '../../lib/forms/settings/schema-walk.ts';
import type { Translate } from '../../lib/forms/settings/settings-texts.ts';
import { selectedKeypads } from './keypad-flags.ts';
import type { LookupEntry } from './use-lookup.ts';
import { WEEK, weekdayName } from './weekdays.ts';

export interface ValueContext {
  t: Translate;
  language: string;
  root: JsonObject;
  /** The lookup lists already fetched, by name. */
  lookups: Partial<Record<string, readonly LookupEntry[]>>;
}

const two = (value: unknown) => String(value ?? 0).padStart(2, '0');

export function settingValue(
  value: JsonValue | undefined,
  schema: JsonObject,
  ui: JsonObject | undefined,
  { t, language, root, lookups }: ValueContext,
): string {
  if (value === undefined || value === null || value === '') return '—';
  const options = uiOptions(ui);
  const widget = ui?.['ui:widget'] ?? ui?.['ui:field'];
  if (typeof value === 'boolean') return value ? t('programming.yes') : t('programming.no');
  if (widget === 'keypadFlags' && typeof value === 'string') {
    const chosen = selectedKeypads(value).flatMap((on, index) => (on ? [index + 1] : []));
    return chosen.length ? chosen.map((number) => t('programming.keypadNumber', { number })).join(', ') : '—';
  }
  if (widget === 'days' && isObject(value)) {
    const chosen = WEEK.filter((day) => value[day] === true);
    return chosen.length ? chosen.map((day) => weekdayName(day, language, 'short')).join(', ') : '—';
  }
  if (widget === 'time' && isObject(value)) return `${two(value.hour)}:${two(value.minute)}`;
  if (typeof options.lookup === 'string') {
    const field = typeof options.lookupValue === 'string' ? options.lookupValue : 'Code';
    const entry = lookups[options.lookup]?.find(
      (item) => String((item as unknown as Record<string, unknown>)[field]) === String(value),
    );
    if (entry) return field === 'Code' ? entry.Description : `${String(value)} · ${entry.Description}`;
  }
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants)) {
    for (const variant of variants) {
      if (!isObject(variant)) continue;
      const option = resolve(variant, root);
      if (option.const === value && typeof option['x-i18n-key'] === 'string') return t(option['x-i18n-key']);
    }
  }
  if (isObject(value) || Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}
