/**
 * A panel's status in the person's language: a code the contract names (`x-status-texts`, generated into
 * panel-status.ts) shows the console's own text of it; any other code shows the `status_desc` the panel sent (on
 * the live feed in the panel's language). The type below fails to compile while a generated key is missing from the
 * locale files.
 */
import type { TFunction } from 'i18next';
import { panelStatusKeys } from '@generated/api/panel-status.ts';
import type { PanelState } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

const STATUS_KEYS: Readonly<Record<number, TranslationKey>> = panelStatusKeys;

/** The locale key of a status code the console knows, else undefined. */
export const statusKeyOf = (status: number | undefined): TranslationKey | undefined =>
  status === undefined ? undefined : STATUS_KEYS[status];

/** The status text to show, or undefined when the panel reported neither a known code nor a text. */
export function panelStatusText(t: TFunction, panel: Pick<PanelState, 'status' | 'status_desc'>): string | undefined {
  const key = statusKeyOf(panel.status);
  return key ? t(key) : panel.status_desc || undefined;
}
