/** The names of the user row actions and the reasons one cannot be used, as translation keys. */
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import type { ActionBlock, UserAction } from './user-actions-model.ts';

export const ACTION_LABELS: Record<UserAction, TranslationKey> = {
  edit: 'users.actions.edit',
  activate: 'users.actions.activate',
  deactivate: 'users.actions.deactivate',
  mobileReset: 'users.actions.mobileReset',
  passwordReset: 'users.actions.passwordReset',
  moveSubscriptions: 'users.actions.moveSubscriptions',
  delete: 'users.actions.delete',
};

export const BLOCK_REASONS: Record<ActionBlock, TranslationKey> = {
  adminOnly: 'users.actions.blocked.adminOnly',
  alreadyActive: 'users.actions.blocked.alreadyActive',
  alreadyPassive: 'users.actions.blocked.alreadyPassive',
  ownAccount: 'users.actions.blocked.ownAccount',
  noSubscriptions: 'users.actions.blocked.noSubscriptions',
};
