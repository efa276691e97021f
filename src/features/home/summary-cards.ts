import type { GeneralReport } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

export interface SummaryCard {
  labelKey: TranslationKey;
  value: number;
  money?: boolean;
}

/** The summary cards of spec 1 §2 "Home dashboard", from the report fields. */
export const summaryCards = (report: GeneralReport): SummaryCard[] => [
  { labelKey: 'home.connected', value: report.connected_device_count_last_1_hour },
  { labelKey: 'home.disconnected', value: report.disconnected_device_count },
  // Regular-login users: all users minus those who did not sign in for 7 days.
  { labelKey: 'home.regularUsers', value: report.user_count - report.user_count_not_login_last_7_day },
  { labelKey: 'home.oldAppUsers', value: report.old_user_login_count_last_3_day },
  { labelKey: 'home.completedOrders', value: report.complated_order_count },
  // The 30-day card reads the field named for 7 days (spec 1 §2).
  { labelKey: 'home.completedOrders30', value: report.complated_order_count_in_last_7_day },
  { labelKey: 'home.invoiced', value: report.billing_order_count },
  { labelKey: 'home.refunded', value: report.canceled_invoice_count },
  { labelKey: 'home.awaitingInvoice', value: report.waiting_order_count },
  { labelKey: 'home.monthTotal', value: report.total_order_price_this_month, money: true },
  { labelKey: 'home.allTimeTotal', value: report.total_price_all_of_time, money: true },
  { labelKey: 'home.dealers', value: report.dealer_count },
  { labelKey: 'home.wholesalers', value: report.wholesaler_count },
];
