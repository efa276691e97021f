/** The user types of the contract (0 user, 1 dealer, 2 admin) as the users pages name them. */
import type { UserType } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

export const USER_TYPE_LABELS: Record<UserType, TranslationKey> = {
  0: 'users.types.user',
  1: 'users.types.dealer',
  2: 'users.types.admin',
};
