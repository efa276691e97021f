import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link } from '@tanstack/react-router';
import { paths } from '../../lib/routing/paths.ts';
import { noSubscriptionSearch, type validatePriceListSearch } from '../../lib/routing/payment-search.ts';
import { useRouteSearch } from '../../lib/routing/use-route-params.ts';
import { useClaims } from '../../lib/session/use-claims.ts';
import { isDealerOrAdmin } from '../../lib/session/user-type.ts';
import { couponAmounts } from './coupons/discount.ts';
import { Page, QueryState } from '../../shared/page/page.tsx';
import { formatPrice } from '../../shared/format/price.ts';
import { hasSubscription } from '../../lib/session/session.ts';
import { usePaymentPlans } from './api/get-payment-plans.ts';
import { WebAccessNotice } from './web-access-notice.tsx';
import { durationLabel, planOptionLabel } from './plan-labels.ts';

/**
 * The price list (/Payment/List). With `type=noSub` (the subscription guard sent the person here), or for a person
 * without a subscription, it says in the page that the subscription is insufficient and which plans give web access:
 * a notice above the plans, not a toast that would cover their Buy buttons.
 */
export function PriceListPage() {
  const { t, i18n } = useTranslation();
  const noSubscription = useRouteSearch<typeof validatePriceListSearch>().type === noSubscriptionSearch.type;
  const plans = usePaymentPlans();
  const claims = useClaims();
  // Users above type 0 can buy coupon codes (spec 2 §6).
  const canBuyCoupons = isDealerOrAdmin(claims?.UserType);
  const rows = plans.data?.data ?? [];
  return (
    <Page title={t('payments.priceList.title')}>
      {noSubscription || !hasSubscription(claims) ? (
        <Box sx={{ mb: 2 }}>
          <WebAccessNotice cause="page" showPlansLink={false} />
        </Box>
      ) : null}
      <QueryState
        isPending={plans.isPending}
        isError={plans.isError}
        isEmpty={rows.length === 0}
        errorText={t('payments.priceList.loadError')}
        emptyText={t('payments.priceList.empty')}
        onRetry={() => void plans.refetch()}
      >
        <Grid container spacing={2}>
          {rows.map((plan) => (
            <Grid key={plan.id} size={{ xs: 12, md: 6 }}>
              <Card variant="outlined" component="section" aria-labelledby={`plan-${plan.id}`}>
                <CardContent>
                  <Typography id={`plan-${plan.id}`} component="h2" variant="h5" gutterBottom>
                    {plan.title}
                  </Typography>
                  <List dense>
                    {plan.details.map((detail) => (
                      <ListItem key={detail.description} disableGutters>
                        <ListItemText primary={detail.description} />
                      </ListItem>
                    ))}
                  </List>
                  <Typography component="h3" variant="subtitle2">
                    {t('payments.priceList.prices')}
                  </Typography>
                  <List dense>
                    {plan.prices.map((price) => (
                      // The discount sits in the row's flow (not as an overlaid action), so a narrow screen wraps it.
                      <ListItem key={price.id} disableGutters sx={{ gap: 1 }}>
                        <ListItemText
                          primary={durationLabel(t, price)}
                          secondary={
                            <>
                              <span>{formatPrice(price.price, i18n.language, price.currency)}</span>
                              {price.discount > 0 ? (
                                <span>
                                  {` · ${t('payments.priceList.discounted', { price: formatPrice(couponAmounts(1, price.price, price.discount).total, i18n.language, price.currency) })}`}
                                </span>
                              ) : null}
                            </>
                          }
                        />
                        {price.discount > 0 ? (
                          <Chip
                            size="small"
                            color="success"
                            label={t('payments.priceList.discount', { value: price.discount })}
                          />
                        ) : null}
                        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                          <Button
                            component={Link}
                            to={paths.pay(plan.id, price.id, 'subscription')}
                            variant="contained"
                            size="small"
                            aria-label={t('payments.priceList.buy', { title: planOptionLabel(t, plan, price) })}
                          >
                            {t('payments.priceList.buyShort')}
                          </Button>
                          {canBuyCoupons ? (
                            <Button
                              component={Link}
                              to={paths.pay(plan.id, price.id, 'coupon')}
                              variant="outlined"
                              size="small"
                              aria-label={t('payments.priceList.buyCoupons', {
                                title: planOptionLabel(t, plan, price),
                              })}
                            >
                              {t('payments.priceList.couponsShort')}
                            </Button>
                          ) : null}
                        </Stack>
                      </ListItem>
                    ))}
                  </List>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </QueryState>
    </Page>
  );
}
