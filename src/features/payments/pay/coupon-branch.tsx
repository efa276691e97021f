import { useState } from 'react';
import { durationLabel } from '../plan-labels.ts';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PaymentPlan, PaymentPlanPrice } from '@generated/api/types.gen.ts';
import { createCouponsMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import { notifyValidation } from '../../../lib/api/feedback.ts';
import { couponAmounts } from '../coupons/discount.ts';
import { countError, parseCount } from '../coupons/coupon-rules.ts';
import { BackToPrices } from './back-to-prices.tsx';
import { PayForm } from './pay-form.tsx';
import { SummaryLine } from './summary-line.tsx';

/** The coupon branch: the count first, the order prepared for it, then the summary and the card form. */
export function CouponBranch({
  plan,
  price,
  initialAmount,
}: {
  plan: PaymentPlan;
  price: PaymentPlanPrice;
  initialAmount?: number;
}) {
  const { t, i18n } = useTranslation();
  const [count, setCount] = useState(initialAmount === undefined ? '' : String(initialAmount));
  const [touched, setTouched] = useState(false);
  const prepare = useMutation(createCouponsMutation());
  const error = countError(count);
  const parsed = parseCount(count);
  const amounts = parsed === undefined ? undefined : couponAmounts(parsed, price.price, price.discount);
  if (prepare.data) {
    return (
      <PayForm
        plan={plan}
        price={price}
        type="coupon"
        order={prepare.data.data}
        count={parsed}
        onChangeCount={() => prepare.reset()}
      />
    );
  }
  const submit = () => {
    if (error || parsed === undefined) {
      setTouched(true);
      notifyValidation(t('errors.validateErr'), t('errors.validationTitle'));
      return;
    }
    prepare.mutate({ body: { payment_plan_id: plan.id, payment_plan_price_id: price.id, Amount: parsed } });
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby="coupon-count-title">
      <CardContent>
        <Typography id="coupon-count-title" component="h2" variant="h6" gutterBottom>
          {t('pay.couponCount.title', { plan: plan.title, price: durationLabel(t, price) })}
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            <TextField
              label={t('pay.couponCount.count')}
              value={count}
              onChange={(event) => setCount(event.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && Boolean(error)}
              helperText={touched && error ? t(error) : t('pay.couponCount.help')}
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
              required
              autoFocus
            />
            {amounts ? (
              <Stack component="dl" spacing={0.5} sx={{ m: 0 }} aria-live="polite">
                <SummaryLine
                  label={t('pay.summary.subtotal')}
                  value={formatPrice(amounts.subtotal, i18n.language, price.currency)}
                />
                <SummaryLine
                  label={t('pay.summary.discount')}
                  value={formatPrice(amounts.discount, i18n.language, price.currency)}
                />
                <SummaryLine
                  label={t('pay.summary.total')}
                  value={formatPrice(amounts.total, i18n.language, price.currency)}
                  strong
                />
              </Stack>
            ) : null}
            <Stack direction="row" spacing={1}>
              <Button
                type="submit"
                variant="contained"
                disabled={Boolean(error) || prepare.isPending}
                loading={prepare.isPending}
              >
                {t('pay.couponCount.prepare')}
              </Button>
              <BackToPrices />
            </Stack>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}
