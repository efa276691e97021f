import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { GeneralReport } from '@generated/api/types.gen.ts';
import { dashboardCharts, hasChartData } from './chart-data.ts';

/** The contract's examples of GET /reports/general, by name. */
const examples = parse(readFileSync('openapi/examples/reports.yaml', 'utf8')) as Record<
  string,
  { value: { data: GeneralReport } }
>;
const waiting = examples['general-default']!.value.data;
const noneWaiting = examples['general-no-waiting-orders']!.value.data;

describe('the dashboard charts', () => {
  const chartValues = (report: GeneralReport) =>
    Object.fromEntries(
      dashboardCharts(report).map((chart) => [
        chart.id,
        [chart.kind, Object.fromEntries(chart.items.map((item) => [item.id, item.value]))],
      ]),
    );

  it('are the active-user and order doughnuts and the panel and user bars, from the report', () => {
    expect(chartValues(waiting)).toEqual({
      'active-users': ['doughnut', { active: 4, inactive: 1 }],
      orders: ['doughnut', { invoiced: 1, 'awaiting-invoice': 2, refunded: 0 }],
      panels: ['bar', { connected: 3, disconnected: 1, added: 1 }],
      users: ['bar', { all: 5, regular: 4, inactive: 1, added: 1, 'old-app': 1 }],
    });
  });

  it('split the completed orders of the example into invoiced, awaiting and refunded', () => {
    for (const report of [waiting, noneWaiting]) {
      const orders = dashboardCharts(report).find((chart) => chart.id === 'orders')!;
      expect(orders.items.reduce((sum, item) => sum + item.value, 0)).toBe(report.complated_order_count);
    }
  });

  it('have nothing to draw when every value is zero', () => {
    const empty = {
      ...waiting,
      billing_order_count: 0,
      waiting_order_count: 0,
      canceled_invoice_count: 0,
    };
    const byId = Object.fromEntries(dashboardCharts(empty).map((chart) => [chart.id, hasChartData(chart)]));
    expect(byId).toEqual({ 'active-users': true, orders: false, panels: true, users: true });
  });

  it('give every item a distinct label and a theme colour', () => {
    for (const chart of dashboardCharts(waiting)) {
      const labels = chart.items.map((item) => item.labelKey);
      expect(new Set(labels).size).toBe(labels.length);
      expect(new Set(chart.items.map((item) => item.color)).size).toBe(chart.items.length);
    }
  });
});
