import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CardPaymentOrder, PaymentPlan, PaymentPlanPrice } from '@generated/api/types.gen.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import type { PayType } from '../../../lib/routing/payment-search.ts';
import { BackToPrices } from './back-to-prices.tsx';
import { payAmounts } from './pay-amounts.ts';
import { BuyerFields } from './pay-fields.tsx';
import { PaySummary } from './pay-summary.tsx';
import { useCardPayment } from './use-card-payment.ts';
import { planOptionLabel } from '../plan-labels.ts';

/**
 * The summary and the buyer's address; paying opens the provider's popup, where the provider's own page asks for the
 * card (the console has no card field), and watches it.
 */
export function PayForm({
  plan,
  price,
  type,
  order,
  count,
  onChangeCount,
}: {
  plan: PaymentPlan;
  price: PaymentPlanPrice;
  type: PayType;
  order?: CardPaymentOrder;
  count?: number;
  onChangeCount?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { values, set, touch, shown, valid, stage, busy, pay, dismissBlocked, focusPopup } = useCardPayment({
    plan,
    price,
    type,
    order,
  });
  const amounts = payAmounts(price, type, count, order);
  const money = (value: number) => formatPrice(value, i18n.language, amounts.currency);

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
        <PaySummary
          summaryTitle={order?.title ?? planOptionLabel(t, plan, price)}
          price={price}
          type={type}
          count={count}
          amounts={amounts}
          money={money}
          busy={busy}
          onChangeCount={onChangeCount}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Box
          component="form"
          noValidate
          aria-labelledby="pay-form-title"
          onSubmit={(event) => {
            event.preventDefault();
            void pay();
          }}
        >
          <Typography id="pay-form-title" component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('pay.form.title')}
          </Typography>
          <Stack spacing={3}>
            <BuyerFields values={values} set={set} touch={touch} shown={shown} disabled={busy} />
            {stage.kind === 'blocked' ? (
              <Alert severity="warning" onClose={dismissBlocked}>
                {t('errors.popupBlocked')}
              </Alert>
            ) : null}
            {stage.kind === 'paying' ? (
              <Alert
                severity="info"
                role="status"
                action={
                  <Button color="inherit" size="small" onClick={focusPopup}>
                    {t('pay.popup.show')}
                  </Button>
                }
              >
                {t('pay.popup.open')}
              </Alert>
            ) : null}
            {stage.kind === 'finishing' ? (
              <Alert severity="info" role="status">
                {t('pay.popup.finishing')}
              </Alert>
            ) : null}
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
              <Button type="submit" variant="contained" size="large" disabled={!valid || busy} loading={busy}>
                {t('pay.form.pay', { amount: money(amounts.toPay) })}
              </Button>
              <BackToPrices />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('pay.form.secureNote')}
            </Typography>
          </Stack>
        </Box>
      </Grid>
    </Grid>
  );
}
