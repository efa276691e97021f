/**
 * `/Payment/Subscriptions` (menu level 0, spec 1 §2 "subscription history"; the spec gives no path, so the route is a
 * proposal like its call): the signed-in user's own subscription periods, newest first, with the plan, start, end and
 * how each came about (a card payment, a coupon code, a dealership approval, a move). Paged in the browser; the
 * table shows the loading, empty and error states.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { SubscriptionPeriod } from '@generated/api/types.gen.ts';
import { paths } from '../../../lib/routing/paths.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { Page } from '../../../shared/page/page.tsx';
import { columnsOf } from '../../../shared/table/columns.ts';
import { DataTable } from '../../../shared/table/data-table.tsx';
import { useTableUrlState } from '../../../shared/table/use-table-state.ts';
import { subscriptionHistoryQuery } from './subscription-history.ts';

const column = columnsOf<SubscriptionPeriod>();
const rowId = (period: SubscriptionPeriod) => period.id;
const asDate = (value: string) => new Date(value);

/** How a period came about, with the order's id or the coupon's code. */
function sourceText(t: TFunction, period: SubscriptionPeriod): string {
  switch (period.source) {
    case 'order':
      return t('subscriptionHistory.source.order', { id: period.order_id ?? '' });
    case 'coupon':
      return t('subscriptionHistory.source.coupon', { code: period.coupon_code ?? '' });
    case 'dealership':
      return t('subscriptionHistory.source.dealership');
    case 'moved':
      return t('subscriptionHistory.source.moved');
  }
}

export function SubscriptionHistoryPage() {
  const { t } = useTranslation();
  const state = useTableUrlState();
  const columns = useMemo(
    () => [
      column.field('plan_title', {
        header: t('subscriptionHistory.columns.plan'),
        minWidth: 130,
        flex: 1,
        hideable: false,
      }),
      column.field('start_date', {
        header: t('subscriptionHistory.columns.start'),
        minWidth: 120,
        format: (value) => formatDate(value, 'day'),
        exportValue: (period) => asDate(period.start_date),
      }),
      column.field('end_date', {
        header: t('subscriptionHistory.columns.end'),
        minWidth: 120,
        format: (value) => formatDate(value, 'day'),
        exportValue: (period) => asDate(period.end_date),
      }),
      column.field('source', {
        header: t('subscriptionHistory.columns.source'),
        minWidth: 220,
        flex: 2,
        format: (_source, period) => sourceText(t, period),
      }),
    ],
    // `t` changes with the interface language, which the dates (dayjs) follow too.
    [t],
  );
  return (
    <Page
      title={t('subscriptionHistory.title')}
      actions={
        <Button component={RouterLink} to={paths.priceList} startIcon={<ShoppingCartIcon />}>
          {t('subscriptionHistory.buy')}
        </Button>
      }
    >
      <DataTable
        id="subscription-history"
        label={t('subscriptionHistory.table')}
        columns={columns}
        getRowId={rowId}
        query={subscriptionHistoryQuery}
        state={state}
        emptyText={t('subscriptionHistory.empty')}
      />
    </Page>
  );
}
