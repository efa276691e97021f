import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CardPaymentOrder, PaymentPlan, PaymentPlanPrice } from '@generated/api/types.gen.ts';
import {
  createCouponsMutation,
  createOrderMutation,
  getPaymentPlanOptions,
  getUserDetailOptions,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { Page, QueryState } from '../../../shared/page/page.tsx';
import { formatPrice } from '../../../shared/format/price.ts';
import { describeFailure, notifyRefusal, notifySuccess, notifyValidation } from '../../../lib/api/feedback.ts';
import { fieldMessage } from '../../../lib/forms/field-message.ts';
import { runtimeConfig } from '../../../lib/config/runtime.ts';
import { useRefreshToken } from '../../../lib/session/refresh-token.ts';
import { paths, type PayType, type validatePaySearch } from '../../../lib/routing/paths.ts';
import type { payParams } from '../../../lib/routing/route-params.ts';
import { useRouteParams, useRouteSearch } from '../../../lib/routing/use-route-params.ts';
import { couponAmounts } from '../coupons/discount.ts';
import { countError, parseCount } from '../coupons/coupon-rules.ts';
import { CardFields, BuyerFields } from './pay-fields.tsx';
import { EMPTY_PAY_FORM, payFormRules, validatePayForm, type PayFormValues } from './card.ts';
import { BLOCKER_MESSAGES, cardForm, orderToken, paymentBlocker, postToWindow } from './card-form.ts';
import { openPaymentPopup, POPUP_NAME, resultOrigins, watchPaymentPopup, type PaymentResult } from './payment-popup.ts';

/**
 * The pay page (/Payment/{planId}/{priceId}/{type}, spec 2 §2 and §4). A subscription shows the summary, the buyer's
 * address and the card form at once; the coupon branch first asks how many codes and prepares that order, then shows
 * them. Paying opens the provider's popup, posts the card form into it and watches it; when it closes a coupon
 * purchase goes to /Payment/Coupons, a subscription refreshes the token and goes home.
 */
export function PayPage() {
  const { t } = useTranslation();
  const { planId, priceId, type } = useRouteParams<typeof payParams>();
  const search = useRouteSearch<typeof validatePaySearch>();
  if (planId === undefined || priceId === undefined || !type) {
    return (
      <Page title={t('pay.title')}>
        <Alert severity="error" action={<BackToPrices />}>
          {t('pay.unknownPage')}
        </Alert>
      </Page>
    );
  }
  return <PayPlan planId={planId} priceId={priceId} type={type} initialAmount={search.amount} />;
}

function BackToPrices() {
  const { t } = useTranslation();
  return (
    <Button component={Link} to={paths.priceList} color="inherit">
      {t('pay.backToPrices')}
    </Button>
  );
}

function PayPlan({
  planId,
  priceId,
  type,
  initialAmount,
}: {
  planId: number;
  priceId: number;
  type: PayType;
  initialAmount?: number;
}) {
  const { t } = useTranslation();
  const plan = useQuery(getPaymentPlanOptions({ path: { id: planId } }));
  const price = plan.data?.data.prices.find((candidate) => candidate.id === priceId);
  const title = type === 'coupon' ? t('pay.couponTitle') : t('pay.title');
  return (
    <Page title={title} maxWidth={1000}>
      <QueryState
        isPending={plan.isPending}
        isError={plan.isError}
        errorText={t('pay.loadError')}
        onRetry={() => void plan.refetch()}
      >
        {plan.data && !price ? (
          <Alert severity="warning" action={<BackToPrices />}>
            {t('pay.unknownPrice')}
          </Alert>
        ) : null}
        {plan.data && price ? (
          type === 'coupon' ? (
            <CouponBranch plan={plan.data.data} price={price} initialAmount={initialAmount} />
          ) : (
            <PayForm plan={plan.data.data} price={price} type="subscription" />
          )
        ) : null}
      </QueryState>
    </Page>
  );
}

/** The coupon branch: the count first, the order prepared for it, then the summary and the card form. */
function CouponBranch({
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
          {t('pay.couponCount.title', { plan: plan.title, price: price.title })}
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

function SummaryLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack
      direction="row"
      sx={{
        justifyContent: 'space-between',
        gap: 2,
        ...(strong ? { borderTop: 1, borderColor: 'divider', pt: 1, mt: 1 } : {}),
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        component="dd"
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ m: 0, fontWeight: strong ? 700 : undefined }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

type PayStage = { kind: 'form' } | { kind: 'blocked' } | { kind: 'paying' } | { kind: 'finishing' };

/** The summary, the buyer's address and the card; paying opens the provider's popup and watches it. */
function PayForm({
  plan,
  price,
  type,
  order: preparedOrder,
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
  const navigate = useNavigate();
  const refreshToken = useRefreshToken();
  const createOrder = useMutation(createOrderMutation());
  const user = useQuery({ ...getUserDetailOptions(), retry: false });
  const [values, setValues] = useState<PayFormValues>(EMPTY_PAY_FORM);
  const [touched, setTouched] = useState<Partial<Record<keyof PayFormValues, boolean>>>({});
  const [stage, setStage] = useState<PayStage>({ kind: 'form' });
  const popupRef = useRef<Window | null>(null);
  const stopWatching = useRef<(() => void) | undefined>(undefined);
  const prefilled = useRef(false);

  // The buyer's name and phone start as the account's (the person may change them).
  useEffect(() => {
    const detail = user.data?.data;
    if (!detail || prefilled.current) return;
    prefilled.current = true;
    setValues((current) => ({
      ...current,
      buyerName: current.buyerName || detail.name || '',
      buyerPhone: current.buyerPhone || detail.Phonenumber || '',
    }));
  }, [user.data]);

  // Leaving the page stops watching the popup (the payment in it goes on; nothing is retried).
  useEffect(() => () => stopWatching.current?.(), []);

  const errors = validatePayForm(values, new Date());
  const valid = Object.keys(errors).length === 0;
  const amounts =
    type === 'coupon' && count !== undefined
      ? couponAmounts(count, price.price, price.discount)
      : couponAmounts(1, price.price, price.discount);
  const toPay = preparedOrder ? preparedOrder.price : amounts.total;
  const currency = preparedOrder?.currency ?? price.currency;
  const money = (value: number) => formatPrice(value, i18n.language, currency);

  const set = (field: keyof PayFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const touch = (field: keyof PayFormValues) => () => setTouched((current) => ({ ...current, [field]: true }));
  const shown = (field: keyof PayFormValues) => {
    if (!touched[field]) return undefined;
    const rule = field === 'expiry' ? undefined : payFormRules.rules[field];
    return fieldMessage(t, errors[field], rule);
  };

  const finish = async (result: PaymentResult | undefined) => {
    popupRef.current = null;
    if (result === 'ok') notifySuccess(t('pay.result.ok'));
    else if (result === 'fail') notifyRefusal(t('pay.result.fail'));
    if (type === 'coupon') {
      if (result === undefined) notifySuccess(t('pay.result.closedCoupons'));
      await navigate({ to: paths.coupons });
      return;
    }
    setStage({ kind: 'finishing' });
    if (result === undefined) notifySuccess(t('pay.result.closed'));
    try {
      await refreshToken.mutateAsync();
    } catch {
      // The refresh said why (one toast); the person stays here and can go on from the menu.
      setStage({ kind: 'form' });
      return;
    }
    await navigate({ to: paths.home });
  };

  /** Why this order cannot be paid here (no server token, a provider the configuration does not name), if so. */
  const blockerOf = (order: CardPaymentOrder) => paymentBlocker(order, runtimeConfig(), window.location);

  const pay = async () => {
    if (!valid) {
      setTouched(Object.fromEntries(Object.keys(values).map((field) => [field, true])));
      notifyValidation(t('errors.validateErr'), t('errors.validationTitle'));
      return;
    }
    // A prepared order that cannot be paid says so before any popup opens; what was typed stays.
    const preparedBlocker = preparedOrder && blockerOf(preparedOrder);
    if (preparedBlocker) {
      notifyRefusal(t(BLOCKER_MESSAGES[preparedBlocker]));
      return;
    }
    // The popup opens at the click, before any wait, so the browser does not take it for an unasked one.
    const popup = openPaymentPopup();
    if (!popup) {
      setStage({ kind: 'blocked' });
      return;
    }
    popupRef.current = popup;
    setStage({ kind: 'paying' });
    const abandon = (message?: string) => {
      popup.close();
      popupRef.current = null;
      setStage({ kind: 'form' });
      if (message) notifyRefusal(message);
    };
    let order = preparedOrder;
    try {
      if (!order) {
        const answer = await createOrder.mutateAsync({
          body: { payment_plan_id: plan.id, payment_plan_price_id: price.id },
        });
        order = answer.data;
      }
    } catch {
      // The order's failure has its one toast from the mutation cache.
      abandon();
      return;
    }
    const settings = order.payment_settings;
    // Nothing is posted for an order the server did not sign, or to a provider the configuration does not name;
    // the page keeps what was typed.
    const blocker = blockerOf(order);
    const token = orderToken(order);
    if (blocker || token === undefined) {
      abandon(t(BLOCKER_MESSAGES[blocker ?? 'unsigned']));
      return;
    }
    if (popup.closed) {
      abandon();
      return;
    }
    try {
      postToWindow(settings.pay_url, POPUP_NAME, cardForm(order, token, values, i18n.language));
    } catch (error) {
      abandon(describeFailure(error)?.message ?? t('errors.unexpected'));
      return;
    }
    // The card data leaves the page with the form: nothing of it is kept.
    setValues((current) => ({ ...current, holder: '', number: '', expiry: '', cvv: '' }));
    setTouched({});
    stopWatching.current = watchPaymentPopup(popup, resultOrigins(settings.ok_url, settings.fail_url), (result) => {
      stopWatching.current = undefined;
      void finish(result);
    });
  };

  const busy = stage.kind === 'paying' || stage.kind === 'finishing' || createOrder.isPending;
  const summaryTitle = preparedOrder?.title ?? `${plan.title} - ${price.title}`;

  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 5 }} sx={{ order: { md: 2 } }}>
        <Card variant="outlined" component="section" aria-labelledby="pay-summary-title">
          <CardContent>
            <Typography id="pay-summary-title" component="h2" variant="h6" gutterBottom>
              {t('pay.summary.title')}
            </Typography>
            <Typography variant="subtitle1">{summaryTitle}</Typography>
            {type === 'coupon' && count !== undefined ? (
              <Typography variant="body2" color="text.secondary">
                {t('pay.summary.couponCount', { count })}
              </Typography>
            ) : null}
            <Stack component="dl" spacing={0.5} sx={{ mt: 2, mb: 0 }}>
              <SummaryLine
                label={t('pay.summary.unitPrice')}
                value={formatPrice(price.price, i18n.language, price.currency)}
              />
              {price.discount > 0 ? (
                <SummaryLine
                  label={t('pay.summary.discountPercent')}
                  value={t('pay.summary.percent', { value: price.discount })}
                />
              ) : null}
              {type === 'coupon' ? (
                <SummaryLine label={t('pay.summary.discount')} value={money(amounts.discount)} />
              ) : null}
              <SummaryLine label={t('pay.summary.total')} value={money(toPay)} strong />
            </Stack>
            {onChangeCount ? (
              <Button onClick={onChangeCount} disabled={busy} sx={{ mt: 1 }}>
                {t('pay.couponCount.change')}
              </Button>
            ) : null}
          </CardContent>
        </Card>
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
            <CardFields values={values} set={set} touch={touch} shown={shown} disabled={busy} />
            {stage.kind === 'blocked' ? (
              <Alert severity="warning" onClose={() => setStage({ kind: 'form' })}>
                {t('errors.popupBlocked')}
              </Alert>
            ) : null}
            {stage.kind === 'paying' ? (
              <Alert
                severity="info"
                role="status"
                action={
                  <Button color="inherit" size="small" onClick={() => popupRef.current?.focus()}>
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
                {t('pay.form.pay', { amount: money(toPay) })}
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
