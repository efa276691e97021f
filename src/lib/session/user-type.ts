/**
 * The contract's user types (the token's `UserType`, a user's `user_type`): 0 user, 1 dealer, 2 administrator. Every
 * page that asks what a type may do, or names it, reads it here.
 */
import type { UserType } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../i18n/translation-key.ts';

export const USER_TYPE = { user: 0, dealer: 1, admin: 2 } as const satisfies Record<string, UserType>;

/** A dealer or an administrator (spec 2 §6: the pages and actions of "users above 0"). */
export const isDealerOrAdmin = (type: UserType | undefined): boolean => (type ?? USER_TYPE.user) >= USER_TYPE.dealer;

/** An administrator: the lowest type of the admin-only actions (spec 1 §6: disabled below role 2). */
export const isAdmin = (type: UserType | undefined): boolean => (type ?? USER_TYPE.user) >= USER_TYPE.admin;

/** How the pages name each type. */
export const USER_TYPE_LABELS: Readonly<Record<UserType, TranslationKey>> = {
  0: 'users.types.user',
  1: 'users.types.dealer',
  2: 'users.types.admin',
};
