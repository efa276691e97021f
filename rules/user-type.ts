/**
 * The contract's user types (the token's `UserType`, a user's `user_type`): 0 user, 1 dealer, 2 administrator, and
 * what each may do. The console (src/lib/session/user-type.ts) and the mock both read them here.
 */
import type { UserType } from '@generated/api/types.gen.ts';

export const USER_TYPE = { user: 0, dealer: 1, admin: 2 } as const satisfies Record<string, UserType>;

/** A dealer or an administrator (spec 2 §6: the pages and actions of "users above 0"). */
export const isDealerOrAdmin = (type: UserType | undefined): boolean => (type ?? USER_TYPE.user) >= USER_TYPE.dealer;

/** An administrator: the lowest type of the admin-only actions (spec 1 §6: disabled below role 2). */
export const isAdmin = (type: UserType | undefined): boolean => (type ?? USER_TYPE.user) >= USER_TYPE.admin;
