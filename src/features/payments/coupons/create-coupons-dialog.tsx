/**
 * The create-coupons modal (spec 2 "Payment screens", §5, §6, §9): type (plan) and its price option (offered once a
 * type is chosen, reset when the type changes), the count, and the batch's price, discount (count × price × discount
 * / 100) and total as they are typed. An administrator may create the codes without payment; a dealer (and an
 * administrator who wants to pay) goes on to the pay page's coupon branch, which prepares the order and takes the card.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { paths } from '../../../lib/routing/paths.ts';
import { FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { ErrorWithRetry } from '../../../shared/page/error-with-retry.tsx';
import { paymentPlansOptions } from '../api/get-payment-plans.ts';
import { useCreateCouponsForAdministrator } from './api/create-coupons.ts';
import { couponRequest, emptyCouponForm, type CouponForm } from './coupon-rules.ts';
import { CreateCouponsFields } from './create-coupons-fields.tsx';

export interface CreateCouponsDialogProps {
  open: boolean;
  onClose: () => void;
  /** An administrator: "Create without payment" is offered (and is what Enter does). */
  withoutPayment: boolean;
}

export function CreateCouponsDialog({ open, onClose, withoutPayment }: CreateCouponsDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      {/* The form unmounts when the dialog closes, so every opening starts empty. */}
      <CreateCouponsForm onClose={onClose} withoutPayment={withoutPayment} />
    </FormDialog>
  );
}

function CreateCouponsForm({ onClose, withoutPayment }: Omit<CreateCouponsDialogProps, 'open'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const plansQuery = useQuery(paymentPlansOptions());
  const plans = plansQuery.data?.data ?? [];
  const [form, setForm] = useState<CouponForm>(emptyCouponForm);
  const create = useCreateCouponsForAdministrator(onClose);
  const request = couponRequest(form, plans);
  const canSend = request !== undefined && !create.isPending;

  const toPayment = () => {
    if (!request) return;
    onClose();
    void navigate({
      to: paths.pay(request.payment_plan_id, request.payment_plan_price_id, 'coupon', request.Amount),
    });
  };
  const createWithoutPayment = () => {
    if (request) create.mutate({ body: request });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    if (withoutPayment) createWithoutPayment();
    else toPayment();
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={create.isPending}>
      <DialogTitle>{t('coupons.create.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {plansQuery.isPending ? (
            <Stack role="status" sx={{ alignItems: 'center', py: 3 }}>
              <CircularProgress aria-label={t('common.loading')} />
            </Stack>
          ) : plansQuery.isError ? (
            // The failure's toast comes from the query cache; this says what is missing here.
            <ErrorWithRetry onRetry={() => void plansQuery.refetch()}>{t('coupons.create.plansFailed')}</ErrorWithRetry>
          ) : plans.length === 0 ? (
            <Alert severity="info">{t('coupons.create.noPlans')}</Alert>
          ) : (
            <CreateCouponsFields plans={plans} form={form} onChange={setForm} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type={withoutPayment ? 'button' : 'submit'}
          variant={withoutPayment ? 'outlined' : 'contained'}
          disabled={!canSend}
          onClick={withoutPayment ? toPayment : undefined}
        >
          {t('coupons.create.toPayment')}
        </Button>
        {withoutPayment ? (
          <Button
            type="submit"
            variant="contained"
            disabled={!canSend}
            loading={create.isPending}
            loadingPosition="start"
          >
            {t('coupons.create.withoutPayment')}
          </Button>
        ) : null}
      </DialogActions>
    </form>
  );
}
