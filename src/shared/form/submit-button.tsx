/**
 * The save button of a page's form (spec 1 §5 "Submit buttons"): a submit button that is disabled while the form
 * cannot be sent and shows a spinner while its call is pending, so the call is sent once.
 */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export interface SubmitButtonProps {
  /** False while the form cannot be sent (nothing changed, a field refused, the call pending). */
  disabled: boolean;
  pending: boolean;
  children: ReactNode;
}

export function SubmitButton({ disabled, pending, children }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={disabled}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
    >
      {children}
    </Button>
  );
}
