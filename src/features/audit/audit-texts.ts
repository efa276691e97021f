/** How the audit log names what an entry acted on besides a panel (a user's account, an order, a roll-out). */
import type { TFunction } from 'i18next';
import type { AuditEntry } from '@generated/api/types.gen.ts';

export function objectLabel(t: TFunction, object: AuditEntry['object']): string {
  if (!object) return '';
  if (object.type === 'firmware_rollout') {
    return t('audit.objects.firmware_rollout', { label: object.label, id: object.id });
  }
  return object.type === 'user'
    ? t('audit.objects.user', { label: object.label, id: object.id })
    : t('audit.objects.order', { label: object.label });
}

/** A recorded value as text (never as HTML): a text as it is, anything else as JSON; absent is `unknown`. */
export const recordedValue = (value: unknown, unknown: string): string =>
  value === undefined ? unknown : typeof value === 'string' ? value : JSON.stringify(value);
