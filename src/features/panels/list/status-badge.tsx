/**
 * A small status label: an icon and words on a coloured pill (the state of a panel, a partition, the live feed).
 * MUI's Chip would do, at the cost of its own chunk in the page's first paint; these labels are never clickable or
 * deletable, so a styled span is all they need. The theme picks each colour's contrast text at AA.
 */
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';

export type BadgeColor = 'default' | 'error' | 'warning' | 'success' | 'info';

const look = (color: BadgeColor, variant: 'filled' | 'outlined') => {
  if (variant === 'filled') {
    return color === 'default'
      ? { bgcolor: 'action.selected', color: 'text.primary' }
      : { bgcolor: `${color}.main`, color: `${color}.contrastText` };
  }
  return color === 'default'
    ? { border: 1, borderColor: 'text.secondary', color: 'text.primary' }
    : { border: 1, borderColor: `${color}.main`, color: `${color}.main` };
};

export interface StatusBadgeProps extends ComponentPropsWithoutRef<'span'> {
  color: BadgeColor;
  variant?: 'filled' | 'outlined';
  icon?: ReactNode;
  label: ReactNode;
}

export const StatusBadge = forwardRef<HTMLSpanElement, StatusBadgeProps>(function StatusBadge(
  { color, variant = 'filled', icon, label, ...rest },
  ref,
) {
  return (
    <Box
      component="span"
      ref={ref}
      {...rest}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        minHeight: 24,
        borderRadius: 3,
        typography: 'body2',
        fontSize: '0.8125rem',
        whiteSpace: 'nowrap',
        '& svg': { fontSize: 18 },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        ...look(color, variant),
      }}
    >
      {icon}
      {label}
    </Box>
  );
});
