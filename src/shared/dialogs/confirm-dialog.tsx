/**
 * Asking before an action that moves something in the world (an output that may open a door or sound a siren, a
 * zone bypass): `ask(texts)` opens a dialog and resolves true only when the person confirms; Escape, a click
 * outside and Cancel resolve false. The focus starts on Cancel, so Enter pressed by habit sends nothing.
 */
import { useCallback, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmTexts {
  title: string;
  message: string;
  /** The confirm button's words (the action itself, e.g. "Turn on"). */
  confirm: string;
}

export function useConfirm(): { ask(texts: ConfirmTexts): Promise<boolean>; dialog: ReactNode } {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<ConfirmTexts>();
  const settle = useRef<(confirmed: boolean) => void>(undefined);
  const titleId = useId();
  const messageId = useId();

  const ask = useCallback(
    (next: ConfirmTexts) =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setTexts(next);
      }),
    [],
  );
  const answer = (confirmed: boolean) => {
    settle.current?.(confirmed);
    settle.current = undefined;
    setTexts(undefined);
  };

  const dialog = (
    <Dialog
      open={texts !== undefined}
      onClose={() => answer(false)}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <DialogTitle id={titleId}>{texts?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{texts?.message}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button autoFocus onClick={() => answer(false)}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" color="warning" onClick={() => answer(true)}>
          {texts?.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
  return { ask, dialog };
}
