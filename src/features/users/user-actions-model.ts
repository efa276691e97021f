/**
 * Which row actions of the user list a signed-in user sees and may use (spec 1 §2 "User list", §4, §6):
 *  - edit: opens the user's edit page (as a double click or Enter on the row does; a phone has only this);
 *  - activate and deactivate: the one matching the user's state is disabled (already active / already passive);
 *  - mobile reset: removed (not shown at all) when the token's OldUserId is above 0;
 *  - password reset, move subscriptions and delete are the actions this console flags admin-only (the spec says
 *    "actions flagged admin-only are disabled below role 2" without naming them; these are the ones that take an
 *    account or its credentials away): disabled below UserType 2, with the reason;
 *  - move subscriptions (the proposed `POST /user/movesubscriptions`) opens a dialog to pick the receiving user; it is
 *    disabled, saying so, for a user without subscriptions (there is nothing to move);
 *  - deactivate and delete are disabled on the signed-in user's own row (an administrator cannot lock themself out).
 * A disabled action is still listed with its reason, so the person sees why.
 */
import type { User, UserType } from '@generated/api/types.gen.ts';
import { isAdmin } from '../../lib/session/user-type.ts';

export const USER_ACTIONS = [
  'edit',
  'activate',
  'deactivate',
  'mobileReset',
  'passwordReset',
  'moveSubscriptions',
  'delete',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/**
 * The actions that call the API after a confirmation (edit opens the edit page; move subscriptions asks for the
 * receiving user first).
 */
export type UserChange = Exclude<UserAction, 'moveSubscriptions' | 'edit'>;

/** Why an action cannot be used, most fundamental first. */
export type ActionBlock = 'adminOnly' | 'alreadyActive' | 'alreadyPassive' | 'ownAccount' | 'noSubscriptions';

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

/** What of a listed user the actions depend on. */
export type ActionTarget = Pick<User, 'id' | 'active' | 'subscribes'>;

function blockOf(action: UserAction, user: ActionTarget, viewer: Viewer): ActionBlock | undefined {
  if (ADMIN_ONLY_ACTIONS.has(action) && !isAdmin(viewer.UserType)) return 'adminOnly';
  if (action === 'activate' && user.active) return 'alreadyActive';
  if (action === 'deactivate' && !user.active) return 'alreadyPassive';
  if ((action === 'deactivate' || action === 'delete') && user.id === viewer.user_id) return 'ownAccount';
  if (action === 'moveSubscriptions' && user.subscribes.length === 0) return 'noSubscriptions';
  return undefined;
}

/** The row actions for `user` as `viewer` sees them, in menu order. */
export function userActions(user: ActionTarget, viewer: Viewer): ActionOption[] {
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

/** Whether an action is a change confirmed in the row's dialog (every one but edit and move subscriptions). */
export const isChange = (action: UserAction): action is UserChange =>
  action !== 'moveSubscriptions' && action !== 'edit';
