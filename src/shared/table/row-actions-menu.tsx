/**
 * The menu of a row's actions, one for the page, opened by a row's button (row-actions-button.tsx). An action that
 * cannot be used is listed disabled with its reason under it, and stays reachable with the arrow keys so the reason
 * is read out too. The rows' buttons are plain, so the menu tells its button that it is open (`aria-expanded`).
 */
import { useEffect, type ReactNode } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

export interface RowAction<A extends string> {
  action: A;
  label: string;
  /** Why it cannot be used now; it is shown disabled with this reason. */
  reason?: string;
  icon?: ReactNode;
}

export interface RowActionsMenuProps<A extends string> {
  /** The open row's button; no menu without it. */
  anchor: HTMLElement | undefined;
  /** The menu's accessible name. */
  label: string;
  actions: readonly RowAction<A>[];
  onChoose: (action: A) => void;
  onClose: () => void;
}

export function RowActionsMenu<A extends string>({
  anchor,
  label,
  actions,
  onChoose,
  onClose,
}: RowActionsMenuProps<A>) {
  useEffect(() => {
    anchor?.setAttribute('aria-expanded', 'true');
    return () => anchor?.setAttribute('aria-expanded', 'false');
  }, [anchor]);
  if (!anchor) return null;
  return (
    <Menu
      anchorEl={anchor}
      open
      onClose={onClose}
      slotProps={{ list: { disabledItemsFocusable: true, 'aria-label': label } }}
    >
      {actions.map(({ action, label: text, reason, icon }) => (
        <MenuItem
          key={action}
          disabled={reason !== undefined}
          // A disabled action keeps its reason readable (MUI would fade the whole item).
          sx={{
            '&.Mui-disabled': {
              opacity: 1,
              '& .MuiListItemText-primary, & .MuiSvgIcon-root': { color: 'text.secondary' },
            },
          }}
          onClick={() => {
            onClose();
            onChoose(action);
          }}
        >
          {icon ? <ListItemIcon>{icon}</ListItemIcon> : null}
          <ListItemText
            primary={text}
            secondary={reason}
            slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 280 } } }}
          />
        </MenuItem>
      ))}
    </Menu>
  );
}
