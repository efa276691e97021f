/**
 * The columns of the coupon requests table (spec 2 "Payment screens"): created_at (DD MMMM YYYY), payment_title, the
 * requester's e-mail, month, total_price (TL), amount (the count) and state, and the row's actions button.
 */
import type { TFunction } from 'i18next';
import type { CouponRequest } from '@generated/api/types.gen.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import { columnsOf, type TableColumn } from '../../../shared/table/columns.ts';
import { RowActionsButton } from '../../../shared/table/row-actions-button.tsx';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';

const column = columnsOf<CouponRequest>();

/** The contract's states: 0 awaiting payment (no codes yet), 1 paid or created (codes issued). */
export const COUPON_STATE_LABELS: Record<CouponRequest['state'], TranslationKey> = {
  0: 'coupons.state.awaiting',
  1: 'coupons.state.issued',
};

/** The name of a row's actions button: the request's date and title. */
export const requestActionsLabel = (t: TFunction, request: CouponRequest) =>
  t('coupons.actions.menu', { date: formatDate(request.created_at, 'order'), title: request.payment_title });

export function couponRequestColumns(
  t: TFunction,
  language: string,
  onActions: (anchor: HTMLButtonElement, request: CouponRequest) => void,
): TableColumn<CouponRequest>[] {
  return [
    column.field('created_at', {
      header: t('coupons.columns.createdAt'),
      minWidth: 140,
      format: (value) => formatDate(value, 'order'),
      exportValue: (request) => new Date(request.created_at),
    }),
    column.field('payment_title', { header: t('coupons.columns.title'), hideable: false, minWidth: 150, flex: 1 }),
    column.custom('requester', {
      header: t('coupons.columns.requester'),
      minWidth: 170,
      flex: 1.2,
      value: (request) => request.request_user_info.email,
    }),
    column.field('month', { header: t('coupons.columns.month'), width: 80, align: 'right' }),
    column.field('total_price', {
      header: t('coupons.columns.totalPrice'),
      minWidth: 120,
      align: 'right',
      format: (value) => formatPrice(value, language),
      exportValue: (request) => request.total_price,
    }),
    column.field('amount', { header: t('coupons.columns.amount'), width: 80, align: 'right' }),
    column.field('state', {
      header: t('coupons.columns.state'),
      minWidth: 140,
      format: (state) => t(COUPON_STATE_LABELS[state]),
    }),
    column.custom('actions', {
      header: t('coupons.columns.actions'),
      width: 90,
      minWidth: 90,
      align: 'center',
      render: (request) => (
        <RowActionsButton label={requestActionsLabel(t, request)} onOpen={(anchor) => onActions(anchor, request)} />
      ),
    }),
  ];
}
