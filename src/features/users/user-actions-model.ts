/**
 * Which row actions of the user list a signed-in user sees and may use (spec 1 §2 "User list", §4, §6):
 *  - activate and deactivate: the one matching the user's state is disabled (already active / already passive);
 *  - mobile reset: removed (not shown at all) when the token's OldUserId is above 0;
 *  - password reset, move subscriptions and delete are the actions this console flags admin-only (the spec says
 *    "actions flagged admin-only are disabled below role 2" without naming them; these are the ones that take an
 *    account or its credentials away): disabled below UserType 2, with the reason;
 *  - move subscriptions has no call in the contract: disabled for everyone, saying so (openapi/README.md gaps);
 *  - deactivate and delete are disabled on the signed-in user's own row (an administrator cannot lock themself out).
 * A disabled action is still listed with its reason, so the person sees why.
 */
import type { User, UserType } from '@generated/api/types.gen.ts';
import { isAdmin } from '../../lib/session/user-type.ts';

export const USER_ACTIONS = [
  'activate',
  'deactivate',
  'mobileReset',
  'passwordReset',
  'moveSubscriptions',
  'delete',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** The actions that call the API after a confirmation (every action the contract has a call for). */
export type UserChange = Exclude<UserAction, 'moveSubscriptions'>;

/** Why an action cannot be used, most fundamental first. */
export type ActionBlock = 'noCall' | 'adminOnly' | 'alreadyActive' | 'alreadyPassive' | 'ownAccount';

export interface ActionOption {
  action: UserAction;
  /** Set when the action is shown but cannot be used. */
  blocked?: ActionBlock;
}

/** What of the signed-in user the actions depend on (token claims). */
export interface Viewer {
  UserType: UserType;
  OldUserId: number;
  user_id: number;
}

export const ADMIN_ONLY_ACTIONS: ReadonlySet<UserAction> = new Set(['passwordReset', 'moveSubscriptions', 'delete']);
/** Actions the contract has no call for. */
export const ACTIONS_WITHOUT_CALL: ReadonlySet<UserAction> = new Set(['moveSubscriptions']);

function blockOf(action: UserAction, user: Pick<User, 'id' | 'active'>, viewer: Viewer): ActionBlock | undefined {
  if (ACTIONS_WITHOUT_CALL.has(action)) return 'noCall';
  if (ADMIN_ONLY_ACTIONS.has(action) && !isAdmin(viewer.UserType)) return 'adminOnly';
  if (action === 'activate' && user.active) return 'alreadyActive';
  if (action === 'deactivate' && !user.active) return 'alreadyPassive';
  if ((action === 'deactivate' || action === 'delete') && user.id === viewer.user_id) return 'ownAccount';
  return undefined;
}

/** The row actions for `user` as `viewer` sees them, in menu order. */
export function userActions(user: Pick<User, 'id' | 'active'>, viewer: Viewer): ActionOption[] {
  return USER_ACTIONS.filter((action) => action !== 'mobileReset' || !(viewer.OldUserId > 0)).map((action) => {
    const blocked = blockOf(action, user, viewer);
    return blocked ? { action, blocked } : { action };
  });
}

/** The signed-in user as the actions see them; without claims (never on a guarded page) the least rights. */
export const viewerOf = (claims: Partial<Viewer> | null | undefined): Viewer => ({
  UserType: claims?.UserType ?? 0,
  OldUserId: claims?.OldUserId ?? 0,
  user_id: claims?.user_id ?? 0,
});

export const isChange = (action: UserAction): action is UserChange => !ACTIONS_WITHOUT_CALL.has(action);
