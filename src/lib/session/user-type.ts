/**
 * The contract's user types (the token's `UserType`, a user's `user_type`): 0 user, 1 dealer, 2 administrator. Every
 * page that asks what a type may do, or names it, reads it here; what each may do is shared with the mock
 * (rules/user-type.ts).
 */
import type { UserType } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../i18n/translation-key.ts';

export { USER_TYPE, isAdmin, isDealerOrAdmin } from '../../../rules/user-type.ts';

/** How the pages name each type. */
export const USER_TYPE_LABELS: Readonly<Record<UserType, TranslationKey>> = {
  0: 'users.types.user',
  1: 'users.types.dealer',
  2: 'users.types.admin',
};
