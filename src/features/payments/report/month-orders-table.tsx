import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { queryOptions } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Order } from '@generated/api/types.gen.ts';
import { scrollBehavior } from '../../../lib/motion/reduced-motion.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import { columnsOf } from '../../../shared/table/columns.ts';
import { DataTable } from '../../../shared/table/data-table.tsx';
import type { TableQueryParams } from '../../../shared/table/table-query.ts';
import { useLocalTableState } from '../../../shared/table/use-table-state.ts';
import { pageOfRows } from '../../../shared/table/whole-list.ts';
import type { ReportMonth, ReportRange } from './report-data.ts';

const column = columnsOf<Order>();

const asDate = (value: string | null): Date | null => (value ? new Date(value) : null);

/**
 * A page of the month's orders, read from the report already in memory: the table asks for its rows through
 * TanStack Query like every list (table-query.ts), and this "call" cuts the page from the month's records.
 */
export const monthPageOptions = (
  range: ReportRange,
  month: Pick<ReportMonth, 'id' | 'orders'>,
  { limit, offset }: TableQueryParams,
) =>
  queryOptions({
    queryKey: ['billingReport', 'monthOrders', range.begin, range.end, month.id, limit, offset] as const,
    queryFn: () => pageOfRows(month.orders, { limit, offset }),
    staleTime: Infinity,
  });

function BuyerCell({ order }: { order: Order }) {
  return (
    <Box sx={{ lineHeight: 1.3, py: 0.5, minWidth: 0 }}>
      <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{order.user_info.name}</Box>
      <Box sx={{ color: 'text.secondary', typography: 'body2', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {order.user_info.email}
      </Box>
    </Box>
  );
}

interface MonthOrdersTableProps {
  month: ReportMonth;
  range: ReportRange;
  /** Bring the table into view when it appears (the person chose the month on this page). */
  reveal: boolean;
}

/**
 * The chosen month's orders (spec 2): creation date, duration, quantity, subscription type, price, buyer, dealer
 * code, subscription end, order status and invoice status, in the console's one table. Server texts show as text.
 */
export function MonthOrdersTable({ month, range, reveal }: MonthOrdersTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const state = useLocalTableState();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!reveal) return;
    heading.current?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
    heading.current?.focus({ preventScroll: true });
  }, [reveal]);

  const columns = useMemo(
    () => [
      column.field('created_at', {
        header: t('billingReport.orders.createdAt'),
        format: (value) => formatDate(value, 'order'),
        exportValue: (order) => asDate(order.created_at),
        minWidth: 150,
      }),
      column.field('sub_month', { header: t('billingReport.orders.duration'), align: 'right', minWidth: 130 }),
      column.field('amount', { header: t('billingReport.orders.amount'), align: 'right', minWidth: 80 }),
      column.custom('subscription_type', {
        header: t('billingReport.orders.subscriptionType'),
        value: (order) => order.payment_plan.title,
        minWidth: 140,
      }),
      column.field('price', {
        header: t('billingReport.orders.price'),
        format: (value, order) => formatPrice(value, language, order.currency),
        exportValue: (order) => order.price,
        align: 'right',
        minWidth: 120,
      }),
      column.field('total_price', {
        header: t('billingReport.orders.totalPrice'),
        format: (value, order) => formatPrice(value, language, order.currency),
        exportValue: (order) => order.total_price,
        align: 'right',
        minWidth: 120,
        hidden: true,
      }),
      column.custom('buyer', {
        header: t('billingReport.orders.buyer'),
        value: (order) => `${order.user_info.name} <${order.user_info.email}>`,
        render: (order) => <BuyerCell order={order} />,
        minWidth: 200,
        flex: 1,
      }),
      column.custom('dealer_code', {
        header: t('billingReport.orders.dealerCode'),
        value: (order) => order.user_info.Dealercode,
        minWidth: 110,
      }),
      column.field('sub_expire_date', {
        header: t('billingReport.orders.subscriptionEnd'),
        format: (value) => formatDate(value, 'order'),
        exportValue: (order) => asDate(order.sub_expire_date),
        minWidth: 150,
      }),
      column.field('order_state', {
        header: t('billingReport.orders.orderStatus'),
        format: (value) => t(value === 1 ? 'billingReport.orders.purchased' : 'billingReport.orders.notCompleted'),
        minWidth: 130,
      }),
      column.field('is_billing', {
        header: t('billingReport.orders.invoiceStatus'),
        format: (value) => t(value ? 'billingReport.orders.billed' : 'billingReport.orders.notBilled'),
        minWidth: 130,
      }),
    ],
    [t, language],
  );

  const title = t('billingReport.orders.title', { month: month.name });
  return (
    <Box component="section" aria-labelledby="billing-report-orders-title" data-testid="report-orders">
      <Typography
        id="billing-report-orders-title"
        ref={heading}
        tabIndex={-1}
        component="h2"
        variant="h6"
        sx={{ mb: 1, scrollMarginTop: 80, '&:focus': { outline: 'none' } }}
      >
        {title}
      </Typography>
      <DataTable
        id="billing-report-orders"
        label={title}
        columns={columns}
        getRowId={(order) => order.id}
        query={(params: TableQueryParams) => monthPageOptions(range, month, params)}
        state={state}
        emptyText={t('billingReport.orders.empty')}
      />
    </Box>
  );
}
