/**
 * The menu of a panel row's actions (users, copy to another user, set active with its green icon, set passive with
 * its red icon), one for the page, opened by a row's button (row-actions-button.tsx). An action that cannot be used
 * is listed disabled with its reason under it, and stays reachable with the arrow keys so the reason is read out too.
 */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import GroupIcon from '@mui/icons-material/Group';
import type { PanelListRow } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { panelActions, type PanelAction, type PanelActionBlock, type Viewer } from './manage-access.ts';

const LABELS: Record<PanelAction, TranslationKey> = {
  users: 'panelManage.actions.users',
  move: 'panelManage.actions.move',
  activate: 'panelManage.actions.activate',
  deactivate: 'panelManage.actions.deactivate',
};

const ICONS: Record<PanelAction, ReactNode> = {
  users: <GroupIcon fontSize="small" />,
  move: <DriveFileMoveIcon fontSize="small" />,
  // The spec's state dialogs: green for active, red for passive.
  activate: <CheckCircleIcon fontSize="small" color="success" />,
  deactivate: <DoNotDisturbOnIcon fontSize="small" color="error" />,
};

const BLOCK_REASONS: Record<PanelActionBlock, TranslationKey> = {
  adminOnly: 'panelManage.actions.blocked.adminOnly',
  alreadyActive: 'panelManage.actions.blocked.alreadyActive',
  alreadyPassive: 'panelManage.actions.blocked.alreadyPassive',
};

/** The accessible name of a row's actions button and of its menu. */
export const actionsLabelKey = 'panelManage.actions.menu' satisfies TranslationKey;

/** The row whose actions are open: its button and its panel. */
export interface ActionsTarget {
  anchor: HTMLElement;
  panel: PanelListRow;
}

export interface PanelActionsMenuProps {
  target: ActionsTarget | undefined;
  viewer: Viewer;
  onChoose: (action: PanelAction, panel: PanelListRow) => void;
  onClose: () => void;
}

export function PanelActionsMenu({ target, viewer, onChoose, onClose }: PanelActionsMenuProps) {
  const { t } = useTranslation();
  // The row's button says its menu is open (set here: the rows' buttons are plain, see row-actions-button.tsx).
  useEffect(() => {
    const anchor = target?.anchor;
    anchor?.setAttribute('aria-expanded', 'true');
    return () => anchor?.setAttribute('aria-expanded', 'false');
  }, [target]);
  if (!target) return null;
  const { anchor, panel } = target;
  const label = t(actionsLabelKey, { name: panel.description, devId: panel.dev_id });
  return (
    <Menu
      anchorEl={anchor}
      open
      onClose={onClose}
      slotProps={{ list: { disabledItemsFocusable: true, 'aria-label': label } }}
    >
      {panelActions(panel, viewer).map(({ action, blocked }) => (
        <MenuItem
          key={action}
          disabled={blocked !== undefined}
          // A disabled action keeps its reason readable (MUI would fade the whole item).
          sx={{
            '&.Mui-disabled': {
              opacity: 1,
              '& .MuiListItemText-primary, & .MuiSvgIcon-root': { color: 'text.secondary' },
            },
          }}
          onClick={() => {
            onClose();
            onChoose(action, panel);
          }}
        >
          <ListItemIcon>{ICONS[action]}</ListItemIcon>
          <ListItemText
            primary={t(LABELS[action])}
            secondary={blocked ? t(BLOCK_REASONS[blocked]) : undefined}
            slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 260 } } }}
          />
        </MenuItem>
      ))}
    </Menu>
  );
}
