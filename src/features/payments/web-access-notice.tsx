/**
 * What a person without a subscription that includes the web console is told, in the page's own flow (never a toast
 * over the page's actions): why (the price list's own notice, or the alarms that cannot reach them here) and which
 * plans of the price list give web access (those with `no_ads`, the flag the subscription guard reads), with the way
 * to the price list when the person is not already on it.
 */
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { PaymentPlan } from '@generated/api/types.gen.ts';
import { paths } from '../../lib/routing/paths.ts';
import { paymentPlansOptions } from './api/get-payment-plans.ts';

/** The titles of the plans that give web access (the price list's `no_ads` plans), in the price list's order. */
export const webAccessPlans = (plans: readonly PaymentPlan[]): string[] =>
  plans.filter((plan) => plan.no_ads).map((plan) => plan.title);

/** A list of names as the language writes one ("Premium and Gold", "Premium ve Gold"). */
const listOf = (names: readonly string[], language: string): string =>
  new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(names);

export function WebAccessNotice({ cause, showPlansLink }: { cause: 'page' | 'alarms'; showPlansLink: boolean }) {
  const { t, i18n } = useTranslation();
  // The price list's own query (the price list page has it already; elsewhere it loads here).
  const plans = useQuery({ ...paymentPlansOptions(), retry: false });
  const names = webAccessPlans(plans.data?.data ?? []);
  return (
    <Alert
      severity={cause === 'page' ? 'info' : 'warning'}
      data-testid={cause === 'page' ? 'web-access-notice' : 'alarm-no-subscription'}
      action={
        showPlansLink ? (
          <Button component={Link} to={paths.priceList} color="inherit" size="small">
            {t('payments.webAccess.seePlans')}
          </Button>
        ) : undefined
      }
    >
      {cause === 'page' ? <AlertTitle>{t('subscription.title')}</AlertTitle> : null}
      {cause === 'page' ? t('subscription.insufficient') : t('alarms.noWebSubscription')}
      {names.length > 0
        ? ` ${t('payments.webAccess.plans', { count: names.length, plans: listOf(names, i18n.language) })}`
        : null}
    </Alert>
  );
}
