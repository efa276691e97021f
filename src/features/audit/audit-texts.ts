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

/**
 * Who an entry names: the account; for a security event of no known account (a sign-in with an unknown user name, a
 * client address locked) the name given, marked as no account, or the client address.
 */
export function actorName(t: TFunction, entry: AuditEntry): string {
  if (entry.user) return entry.user.name;
  if (entry.account_name !== undefined) return t('audit.entry.noAccount', { name: entry.account_name });
  return entry.client ?? '';
}

/** A recorded value as text (never as HTML): a text as it is, anything else as JSON; absent is `unknown`. */
export const recordedValue = (value: unknown, unknown: string): string =>
  value === undefined ? unknown : typeof value === 'string' ? value : JSON.stringify(value);
