/**
 * What the signed-in user may do on the panel management pages (spec 1 §2 "Panel management list", "Panel users
 * list", §4, §6). The pages are menu level 1 (dealers and administrators):
 *  - users: open the panel's users page (always);
 *  - copy (move) to another user and the header's panel reset are the actions this console flags admin-only: the
 *    spec says "actions flagged admin-only are disabled below role 2" without naming them; these two act beyond
 *    the signed-in user's own reach (they hand a panel to any account, or wipe a panel's stored device record and
 *    cannot be undone), so they are disabled below user type 2, with the reason shown;
 *  - set active / set passive (the state dialogs): the one matching the panel's state is disabled, as the spec's
 *    user state toggle is (§4); a panel whose state is not reported offers both;
 *  - on the panel users page, mobile reset is removed (not shown at all) when the token's OldUserId is above 0.
 */
import type { PanelListRow, TokenClaims } from '@generated/api/types.gen.ts';
import { isAdmin } from '../../lib/session/user-type.ts';

export const PANEL_ACTIONS = ['users', 'move', 'activate', 'deactivate'] as const;
export type PanelAction = (typeof PANEL_ACTIONS)[number];

/** The state dialogs: the state each one sets (0 passive, 1 active). */
export type StateAction = Extract<PanelAction, 'activate' | 'deactivate'>;
export const STATE_OF: Record<StateAction, 0 | 1> = { activate: 1, deactivate: 0 };

/** Why an action cannot be used. */
export type PanelActionBlock = 'adminOnly' | 'alreadyActive' | 'alreadyPassive';

export interface PanelActionOption {
  action: PanelAction;
  blocked?: PanelActionBlock;
}

/** What of the signed-in user the actions depend on (token claims). */
export type Viewer = Pick<TokenClaims, 'UserType' | 'OldUserId'>;

export const ADMIN_ONLY: ReadonlySet<PanelAction> = new Set(['move']);

function blockOf(
  action: PanelAction,
  panel: Pick<PanelListRow, 'state'>,
  viewer: Viewer,
): PanelActionBlock | undefined {
  if (ADMIN_ONLY.has(action) && !isAdmin(viewer.UserType)) return 'adminOnly';
  if (action === 'activate' && panel.state === 1) return 'alreadyActive';
  if (action === 'deactivate' && panel.state === 0) return 'alreadyPassive';
  return undefined;
}

/** The row actions for `panel` as `viewer` sees them, in menu order. */
export const panelActions = (panel: Pick<PanelListRow, 'state'>, viewer: Viewer): PanelActionOption[] =>
  PANEL_ACTIONS.map((action) => {
    const blocked = blockOf(action, panel, viewer);
    return blocked ? { action, blocked } : { action };
  });

/** The header's panel reset (admin-only, see above). */
export const canResetPanel = (viewer: Viewer): boolean => isAdmin(viewer.UserType);

/** The panel users page's mobile reset: absent when the token's OldUserId is above 0 (spec 1 §2, §6). */
export const offersMobileReset = (viewer: Viewer): boolean => !(viewer.OldUserId > 0);

/** The signed-in user as the actions see them; without claims (never on a guarded page) the least rights. */
export const viewerOf = (claims: Partial<Viewer> | null | undefined): Viewer => ({
  UserType: claims?.UserType ?? 0,
  OldUserId: claims?.OldUserId ?? 0,
});
