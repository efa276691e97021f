import type { TFunction } from 'i18next';
import type { TranslationKey } from '../i18n/translation-key.ts';
import { messageValues, type FieldRule } from './schema-rules.ts';

/**
 * The text under a refused field (undefined when there is nothing to show). The field's rule fills in the
 * bounds the message names, so "at least {{min}} characters" follows the contract.
 */
export const fieldMessage = (t: TFunction, key: TranslationKey | undefined, rule?: FieldRule): string | undefined =>
  key ? t(key, messageValues(rule)) : undefined;
