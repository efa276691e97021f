import { useId, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { paths } from '../../lib/routing/paths.ts';

interface NewOrderDialogProps {
  open: boolean;
  /** Orders awaiting invoicing. */
  count: number;
  onClose: () => void;
}

/** 'Yeni Sipariş Var': purchased orders wait for their invoice; the button leads to billing (spec 1 §2). */
export function NewOrderDialog({ open, count, onClose }: NewOrderDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const textId = useId();
  // The billing page's route belongs to the payments area; its path comes from the paths module.
  const billing: string = paths.billing;
  // The way to billing takes the focus once the dialog shows (`autoFocus` alone loses it to the focus trap).
  const billingLink = useRef<HTMLAnchorElement>(null);
  const focusBilling = () => billingLink.current?.focus();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={textId}
      slotProps={{ transition: { onEntered: focusBilling } }}
    >
      <DialogTitle id={titleId}>{t('home.newOrderTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {t('home.newOrderText', { orders: new Intl.NumberFormat(i18n.language).format(count) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button component={Link} to={billing} variant="contained" ref={billingLink}>
          {t('home.goToBilling')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
