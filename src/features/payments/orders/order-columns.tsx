/**
 * The columns of an order (spec 2 §3), one definition for every order table: order history, billing and the billing
 * report's month table (the report's ten columns are the first ten here: creation date, duration, amount,
 * subscription type, price, buyer, dealer code, subscription end, order status, invoice status).
 */
import type { TFunction } from 'i18next';
import Chip from '@mui/material/Chip';
import type { Order } from '@generated/api/types.gen.ts';
import { columnsOf, type TableColumn } from '../../../shared/table/columns.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';

const column = columnsOf<Order>();

/** The order's state as the spec names it: 0 not completed / failed, 1 purchased. */
export const ORDER_STATE_KEYS: Record<Order['order_state'], TranslationKey> = {
  0: 'orders.state.failed',
  1: 'orders.state.purchased',
};

/** The invoice state: billed, not billed, or cancelled (a cancelled order is never billed). */
export function invoiceStateKey(order: Pick<Order, 'is_billing' | 'is_canceled'>): TranslationKey {
  if (order.is_canceled) return 'orders.invoice.canceled';
  return order.is_billing ? 'orders.invoice.billed' : 'orders.invoice.notBilled';
}

const asDate = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/** The ten columns of an order (the billing report's month table). */
export function orderColumns(t: TFunction, language: string): TableColumn<Order>[] {
  const money = (order: Order, amount: number) => formatPrice(amount, language, order.currency);
  return [
    column.field('created_at', {
      header: t('orders.columns.createdAt'),
      minWidth: 150,
      format: (value) => formatDate(value, 'order'),
      exportValue: (order) => asDate(order.created_at),
    }),
    column.field('sub_month', { header: t('orders.columns.months'), minWidth: 90, align: 'right' }),
    column.field('amount', { header: t('orders.columns.amount'), minWidth: 80, align: 'right' }),
    column.custom('plan', {
      header: t('orders.columns.plan'),
      minWidth: 110,
      value: (order) => order.payment_plan.title,
    }),
    column.custom('price', {
      header: t('orders.columns.price'),
      minWidth: 120,
      align: 'right',
      value: (order) => money(order, order.price),
      exportValue: (order) => order.price,
    }),
    column.custom('buyer', {
      header: t('orders.columns.buyer'),
      minWidth: 200,
      flex: 1,
      value: (order) => `${order.user_info.name} (${order.user_info.email})`,
    }),
    column.custom('dealer_code', {
      header: t('orders.columns.dealerCode'),
      minWidth: 110,
      value: (order) => order.user_info.Dealercode,
    }),
    column.field('sub_expire_date', {
      header: t('orders.columns.subscriptionEnd'),
      minWidth: 150,
      format: (value) => formatDate(value, 'order'),
      exportValue: (order) => asDate(order.sub_expire_date),
    }),
    column.custom('order_state', {
      header: t('orders.columns.orderState'),
      minWidth: 130,
      value: (order) => t(ORDER_STATE_KEYS[order.order_state]),
      render: (order) => (
        <Chip
          size="small"
          variant="outlined"
          color={order.order_state === 1 ? 'success' : 'warning'}
          label={t(ORDER_STATE_KEYS[order.order_state])}
        />
      ),
    }),
    column.custom('invoice_state', {
      header: t('orders.columns.invoiceState'),
      minWidth: 130,
      value: (order) => t(invoiceStateKey(order)),
      render: (order) => (
        <Chip
          size="small"
          variant="outlined"
          color={order.is_canceled ? 'default' : order.is_billing ? 'success' : 'info'}
          label={t(invoiceStateKey(order))}
        />
      ),
    }),
  ];
}

/** The order's number and what it cost, for the order lists (history and billing). */
export function orderListColumns(t: TFunction, language: string): TableColumn<Order>[] {
  const [createdAt, ...rest] = orderColumns(t, language);
  return [
    column.field('id', { header: t('orders.columns.id'), minWidth: 90, hideable: false }),
    createdAt!,
    ...rest.slice(0, 4),
    column.custom('total_price', {
      header: t('orders.columns.total'),
      minWidth: 120,
      align: 'right',
      value: (order) => formatPrice(order.total_price, language, order.currency),
      exportValue: (order) => order.total_price,
    }),
    ...rest.slice(4),
  ];
}
