/**
 * The menu of a user row's actions (activate, deactivate, mobile reset, password reset, move subscriptions, delete),
 * one for the page, opened by a row's button. An action that cannot be used is listed disabled with its reason under
 * it, and stays reachable with the arrow keys so the reason is read out too.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { User } from '@generated/api/types.gen.ts';
import { ACTION_LABELS, BLOCK_REASONS } from './user-action-texts.ts';
import { userActions, type UserAction, type Viewer } from './user-actions-model.ts';

/** The row whose actions are open: its button and its user. */
export interface ActionsTarget {
  anchor: HTMLElement;
  user: User;
}

export interface UserActionsMenuProps {
  target: ActionsTarget | undefined;
  viewer: Viewer;
  onChoose: (action: UserAction, user: User) => void;
  onClose: () => void;
}

export function UserActionsMenu({ target, viewer, onChoose, onClose }: UserActionsMenuProps) {
  const { t } = useTranslation();
  // The row's button says its menu is open (set here: the rows' buttons are plain, see user-actions-button.tsx).
  useEffect(() => {
    const anchor = target?.anchor;
    anchor?.setAttribute('aria-expanded', 'true');
    return () => anchor?.setAttribute('aria-expanded', 'false');
  }, [target]);
  if (!target) return null;
  const { anchor, user } = target;
  const label = t('users.actions.menu', { name: user.name });
  return (
    <Menu
      anchorEl={anchor}
      open
      onClose={onClose}
      slotProps={{ list: { disabledItemsFocusable: true, 'aria-label': label } }}
    >
      {userActions(user, viewer).map(({ action, blocked }) => (
        <MenuItem
          key={action}
          disabled={blocked !== undefined}
          // A disabled action keeps its reason readable (MUI would fade the whole item).
          sx={{ '&.Mui-disabled': { opacity: 1, '& .MuiListItemText-primary': { color: 'text.secondary' } } }}
          onClick={() => {
            onClose();
            onChoose(action, user);
          }}
        >
          <ListItemText
            primary={t(ACTION_LABELS[action])}
            secondary={blocked ? t(BLOCK_REASONS[blocked]) : undefined}
            slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 280 } } }}
          />
        </MenuItem>
      ))}
    </Menu>
  );
}
