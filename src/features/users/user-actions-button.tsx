/**
 * The button of a user row's actions cell. A page of 1000 rows draws (and, while it scrolls, redraws) one of these per
 * row in view, so it is a plain `<button>` with an inline icon and no hooks: the grid re-renders the rows in view on
 * every scroll step, and MUI's IconButton (ripple, styled parts) there doubled the scroll's main-thread work
 * (bench:table). Its look comes from `actionsButtonStyles`, set once around the table; the menu it opens is one for
 * the page (user-actions-menu.tsx).
 */
import type { SxProps, Theme } from '@mui/material/styles';

/** MUI's MoreVert icon path (Material icons, Apache 2.0). */
const MORE_VERT =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

export const ACTIONS_BUTTON_CLASS = 'user-actions-button';

export interface ActionsButtonProps {
  /** Its accessible name ("Actions for <user>"). */
  label: string;
  onOpen: (anchor: HTMLButtonElement) => void;
}

export function ActionsButton({ label, onOpen }: ActionsButtonProps) {
  return (
    <button
      type="button"
      className={ACTIONS_BUTTON_CLASS}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded="false"
      onClick={(event) => onOpen(event.currentTarget)}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d={MORE_VERT} fill="currentColor" />
      </svg>
    </button>
  );
}

/** The look of the buttons (an icon button's size, hover and focus ring), for the element around the table. */
export const actionsButtonStyles: SxProps<Theme> = (theme) => ({
  [`& .${ACTIONS_BUTTON_CLASS}`]: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 34,
    height: 34,
    padding: 0,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: theme.palette.action.active,
    cursor: 'pointer',
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
    '&[aria-expanded="true"]': { backgroundColor: theme.palette.action.selected },
  },
});
