/**
 * The menu of a panel row's actions (users, copy to another user, set active with its green icon, set passive with
 * its red icon), one for the page, opened by a row's button (shared/table/row-actions-menu.tsx).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbOnIcon from '@mui/icons-material/DoNotDisturbOn';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import GroupIcon from '@mui/icons-material/Group';
import type { PanelListRow } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { RowActionsMenu } from '../../shared/table/row-actions-menu.tsx';
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
  const panel = target?.panel;
  return (
    <RowActionsMenu
      anchor={target?.anchor}
      label={panel ? t(actionsLabelKey, { name: panel.description, devId: panel.dev_id }) : ''}
      actions={(panel ? panelActions(panel, viewer) : []).map(({ action, blocked }) => ({
        action,
        label: t(LABELS[action]),
        reason: blocked ? t(BLOCK_REASONS[blocked]) : undefined,
        icon: ICONS[action],
      }))}
      onChoose={(action) => {
        if (panel) onChoose(action, panel);
      }}
      onClose={onClose}
    />
  );
}
