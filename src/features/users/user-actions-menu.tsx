/**
 * The menu of a user row's actions (activate, deactivate, mobile reset, password reset, move subscriptions, delete),
 * one for the page, opened by a row's button (shared/table/row-actions-menu.tsx).
 */
import { useTranslation } from 'react-i18next';
import type { User } from '@generated/api/types.gen.ts';
import { RowActionsMenu } from '../../shared/table/row-actions-menu.tsx';
import type { RowMenu } from '../../shared/table/use-row-actions.ts';
import { ACTION_LABELS, BLOCK_REASONS } from './user-action-texts.ts';
import { userActions, type UserAction, type Viewer } from './user-actions-model.ts';

export interface UserActionsMenuProps {
  /** The row whose actions are open: its button and its user. */
  target: RowMenu<User> | undefined;
  viewer: Viewer;
  onChoose: (action: UserAction, user: User) => void;
  onClose: () => void;
}

export function UserActionsMenu({ target, viewer, onChoose, onClose }: UserActionsMenuProps) {
  const { t } = useTranslation();
  const user = target?.row;
  return (
    <RowActionsMenu
      anchor={target?.anchor}
      label={user ? t('users.actions.menu', { name: user.name }) : ''}
      actions={(user ? userActions(user, viewer) : []).map(({ action, blocked }) => ({
        action,
        label: t(ACTION_LABELS[action]),
        reason: blocked ? t(BLOCK_REASONS[blocked]) : undefined,
      }))}
      onChoose={(action) => {
        if (user) onChoose(action, user);
      }}
      onClose={onClose}
    />
  );
}
