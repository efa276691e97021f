import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { notifyValidation } from '../../lib/api/feedback.ts';
import { useRedeemCoupon } from './api/redeem-coupon.ts';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { couponRules, validateCouponCode } from './validation.ts';

export interface RedeemCouponDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The header menu's coupon redeem modal: one code field (required); on success the user goes home. */
export function RedeemCouponDialog({ open, onClose }: RedeemCouponDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {/* The form unmounts when the dialog closes, so every opening starts empty. */}
      <RedeemCouponForm onClose={onClose} />
    </FormDialog>
  );
}

function RedeemCouponForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const redeem = useRedeemCoupon(onClose);
  const error = validateCouponCode(code);
  const shown = touched ? fieldMessage(t, error, couponRules.rules.coupon_code) : undefined;

  const submit = () => {
    if (error) {
      setTouched(true);
      notifyValidation(t('account.validation.formInvalid'));
      return;
    }
    redeem.mutate({ body: { coupon_code: code.trim() } });
  };

  return (
    <DialogForm
      title={t('account.coupon.title')}
      submitLabel={t('account.coupon.submit')}
      canSubmit={!error}
      pending={redeem.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextField
        label={t('account.coupon.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(shown)}
        helperText={shown}
        autoComplete="off"
        required
        fullWidth
      />
    </DialogForm>
  );
}
