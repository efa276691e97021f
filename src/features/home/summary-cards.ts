import type { GeneralReport } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

export interface SummaryCard {
  /** Stable id (the test id of the card). */
  id: string;
  labelKey: TranslationKey;
  value: number;
  /** An amount in TL (shown with formatPrice) rather than a count. */
  money?: boolean;
}

/** A count that cannot go below zero, whatever a report that contradicts itself says. */
const atLeastZero = (value: number): number => Math.max(0, value);

/** Regular-login users: all users minus those who did not sign in for 7 days (spec 1 §2 "Home dashboard"). */
export const regularLoginUsers = (report: GeneralReport): number =>
  atLeastZero(report.user_count - report.user_count_not_login_last_7_day);

/** The eleven summary cards of spec 1 §2 "Home dashboard", from the report fields. */
export const summaryCards = (report: GeneralReport): SummaryCard[] => [
  { id: 'connected', labelKey: 'home.connected', value: report.connected_device_count_last_1_hour },
  { id: 'disconnected', labelKey: 'home.disconnected', value: report.disconnected_device_count },
  { id: 'regular-users', labelKey: 'home.regularUsers', value: regularLoginUsers(report) },
  { id: 'old-app-users', labelKey: 'home.oldAppUsers', value: report.old_user_login_count_last_3_day },
  { id: 'completed-orders', labelKey: 'home.completedOrders', value: report.complated_order_count },
  // The 30-day card reads the field named for 7 days (spec 1 §2).
  { id: 'completed-orders-30', labelKey: 'home.completedOrders30', value: report.complated_order_count_in_last_7_day },
  { id: 'invoiced', labelKey: 'home.invoiced', value: report.billing_order_count },
  { id: 'refunded', labelKey: 'home.refunded', value: report.canceled_invoice_count },
  { id: 'awaiting-invoice', labelKey: 'home.awaitingInvoice', value: report.waiting_order_count },
  { id: 'month-total', labelKey: 'home.monthTotal', value: report.total_order_price_this_month, money: true },
  { id: 'all-time-total', labelKey: 'home.allTimeTotal', value: report.total_price_all_of_time, money: true },
];

/** Whether the 'Yeni Sipariş Var' modal opens: some purchased orders wait for their invoice (spec 1 §2). */
export const hasWaitingOrders = (report: GeneralReport): boolean => report.waiting_order_count > 0;
