/**
 * The button of a row's actions cell (the user list, panel management). A page of 1000 rows draws (and, while it
 * scrolls, redraws) one of these per row in view, so it is a plain `<button>` with an inline icon and no hooks: the
 * grid re-renders the rows in view on every scroll step, and MUI's IconButton (ripple, styled parts) there doubled the
 * scroll's main-thread work (bench:table). Its look comes from `rowActionsStyles`, set once around the table; the menu
 * it opens is one for the page.
 */
import type { SxProps, Theme } from '@mui/material/styles';

/** MUI's MoreVert icon path (Material icons, Apache 2.0). */
const MORE_VERT =
  'M12 8c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m0 2c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2m0 6c-1.1 0-2 .9-2 2s.9 2 2 2 2-.9 2-2-.9-2-2-2';

const ROW_ACTIONS_CLASS = 'row-actions-button';

export interface RowActionsButtonProps {
  /** Its accessible name ("Actions for <row>"). */
  label: string;
  onOpen: (anchor: HTMLButtonElement) => void;
}

export function RowActionsButton({ label, onOpen }: RowActionsButtonProps) {
  return (
    <button
      type="button"
      className={ROW_ACTIONS_CLASS}
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

/**
 * The look of the buttons (an icon button's size, hover and focus ring), for the element around the table. Its colours
 * are the theme's CSS variables (`theme.vars`), which follow the colour scheme on the page: `theme.palette` holds the
 * light scheme's values only, and would draw the icon black on the dark theme's near-black page.
 */
export const rowActionsStyles: SxProps<Theme> = ({ vars, palette }) => {
  const colours = vars?.palette ?? palette;
  return {
    [`& .${ROW_ACTIONS_CLASS}`]: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 34,
      height: 34,
      padding: 0,
      border: 0,
      borderRadius: '50%',
      background: 'transparent',
      color: colours.action.active,
      cursor: 'pointer',
      '&:hover': { backgroundColor: colours.action.hover },
      '&:focus-visible': { outline: `2px solid ${colours.primary.main}`, outlineOffset: 1 },
      '&[aria-expanded="true"]': { backgroundColor: colours.action.selected },
    },
  };
};
