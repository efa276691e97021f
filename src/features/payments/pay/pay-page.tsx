import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { getPaymentPlanOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { Page, QueryState } from '../../../shared/page/page.tsx';
import type { PayType, validatePaySearch } from '../../../lib/routing/payment-search.ts';
import type { payParams } from '../../../lib/routing/route-params.ts';
import { useRouteParams, useRouteSearch } from '../../../lib/routing/use-route-params.ts';
import { BackToPrices } from './back-to-prices.tsx';
import { CouponBranch } from './coupon-branch.tsx';
import { PayForm } from './pay-form.tsx';

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
