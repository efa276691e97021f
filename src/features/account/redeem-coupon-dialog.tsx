import { useRef, useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { notifyValidation } from '../../shared/toast/notify.ts';
import { useRedeemCoupon } from './api/redeem-coupon.ts';
import { fieldMessage } from './field-messages.ts';
import { validateCouponCode } from './validation.ts';

export interface RedeemCouponDialogProps {
  open: boolean;
  onClose: () => void;
}

const TITLE_ID = 'redeem-coupon-dialog-title';

/** The header menu's coupon redeem modal: one code field (required); on success the user goes home. */
export function RedeemCouponDialog({ open, onClose }: RedeemCouponDialogProps) {
  const { t } = useTranslation();
  const codeField = useRef<HTMLInputElement>(null);
  return (
    // Small on purpose: the spec's "modals are large by default" is about the panel dialogs with lists and
    // settings; one code field in a large dialog would only stretch the input.
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={TITLE_ID}
      // The code field gets the focus once the dialog has opened: `autoFocus` alone loses it when the menu
      // that opened the dialog hands the focus back to its button.
      slotProps={{ transition: { onEntered: () => codeField.current?.focus() } }}
    >
      <DialogTitle id={TITLE_ID}>{t('account.coupon.title')}</DialogTitle>
      {/* The form unmounts when the dialog closes, so every opening starts empty. */}
      <RedeemCouponForm onClose={onClose} codeRef={codeField} />
    </Dialog>
  );
}

function RedeemCouponForm({ onClose, codeRef }: { onClose: () => void; codeRef: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const redeem = useRedeemCoupon(onClose);
  const error = validateCouponCode(code);
  const canSave = !error && !redeem.isPending;
  const shown = touched ? fieldMessage(t, error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (error) {
      setTouched(true);
      notifyValidation(t('account.validation.formInvalid'));
      return;
    }
    if (canSave) redeem.mutate({ body: { coupon_code: code.trim() } });
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('account.coupon.title')}>
      <DialogContent>
        <TextField
          label={t('account.coupon.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onBlur={() => setTouched(true)}
          error={Boolean(shown)}
          helperText={shown}
          autoComplete="off"
          autoFocus
          inputRef={codeRef}
          required
          fullWidth
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!canSave}
          aria-busy={redeem.isPending}
          startIcon={redeem.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {t('account.coupon.submit')}
        </Button>
      </DialogActions>
    </Box>
  );
}
