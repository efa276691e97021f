import type { GeneralReport } from '@generated/api/types.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import type { PaletteName } from '../../shared/charts/palette-color.ts';
import { regularLoginUsers } from './summary-cards.ts';

/** The theme colour of a chart item (its palette entry, so the chart follows the light and the dark theme). */
export type ChartColor = PaletteName;

export interface ChartItem {
  id: string;
  labelKey: TranslationKey;
  value: number;
  color: ChartColor;
}

export interface DashboardChart {
  id: 'active-users' | 'orders' | 'panels' | 'users';
  /** A doughnut shows the parts of one whole; a bar chart compares counts that do not add up. */
  kind: 'doughnut' | 'bar';
  titleKey: TranslationKey;
  items: ChartItem[];
}

/**
 * The four charts of the home dashboard (spec 1 §2): the active-user doughnut and the order doughnut, the panel bar
 * and the user bar, from the report fields. Each item is also the chart's text alternative (label and value).
 */
export const dashboardCharts = (report: GeneralReport): DashboardChart[] => [
  {
    id: 'active-users',
    kind: 'doughnut',
    titleKey: 'home.charts.activeUsers.title',
    items: [
      { id: 'active', labelKey: 'home.charts.activeUsers.active', value: regularLoginUsers(report), color: 'success' },
      {
        id: 'inactive',
        labelKey: 'home.charts.activeUsers.inactive',
        value: report.user_count_not_login_last_7_day,
        color: 'warning',
      },
    ],
  },
  {
    id: 'orders',
    kind: 'doughnut',
    titleKey: 'home.charts.orders.title',
    items: [
      { id: 'invoiced', labelKey: 'home.charts.orders.invoiced', value: report.billing_order_count, color: 'success' },
      {
        id: 'awaiting-invoice',
        labelKey: 'home.charts.orders.awaitingInvoice',
        value: report.waiting_order_count,
        color: 'warning',
      },
      { id: 'refunded', labelKey: 'home.charts.orders.refunded', value: report.canceled_invoice_count, color: 'error' },
    ],
  },
  {
    id: 'panels',
    kind: 'bar',
    titleKey: 'home.charts.panels.title',
    items: [
      {
        id: 'connected',
        labelKey: 'home.charts.panels.connected',
        value: report.connected_device_count_last_1_hour,
        color: 'success',
      },
      {
        id: 'disconnected',
        labelKey: 'home.charts.panels.disconnected',
        value: report.disconnected_device_count,
        color: 'error',
      },
      {
        id: 'added',
        labelKey: 'home.charts.panels.added',
        value: report.device_added_count_last_30_day,
        color: 'info',
      },
    ],
  },
  {
    id: 'users',
    kind: 'bar',
    titleKey: 'home.charts.users.title',
    items: [
      { id: 'all', labelKey: 'home.charts.users.all', value: report.user_count, color: 'primary' },
      { id: 'regular', labelKey: 'home.charts.users.regular', value: regularLoginUsers(report), color: 'success' },
      {
        id: 'inactive',
        labelKey: 'home.charts.users.inactive',
        value: report.user_count_not_login_last_7_day,
        color: 'warning',
      },
      { id: 'added', labelKey: 'home.charts.users.added', value: report.user_added_count_last_30_day, color: 'info' },
      {
        id: 'old-app',
        labelKey: 'home.charts.users.oldApp',
        value: report.old_user_login_count_last_3_day,
        color: 'secondary',
      },
    ],
  },
];

/** Whether a chart has anything to draw (a doughnut of zeros is an empty ring). */
export const hasChartData = (chart: DashboardChart): boolean => chart.items.some((item) => item.value > 0);
