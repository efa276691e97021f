import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { GeneralReport } from '@generated/api/types.gen.ts';
import { hasWaitingOrders, regularLoginUsers, summaryCards } from './summary-cards.ts';

/** The contract's examples of GET /reports/general, by name. */
const examples = parse(readFileSync('openapi/examples/reports.yaml', 'utf8')) as Record<
  string,
  { value: { data: GeneralReport } }
>;
const waiting = examples['general-default']!.value.data;
const noneWaiting = examples['general-no-waiting-orders']!.value.data;

const values = (report: GeneralReport) =>
  Object.fromEntries(summaryCards(report).map((card) => [card.id, [card.value, card.money ?? false]]));

describe('the summary cards', () => {
  it('show the eleven cards of the spec, from the contract example', () => {
    expect(values(waiting)).toEqual({
      connected: [3, false],
      disconnected: [1, false],
      'regular-users': [4, false],
      'old-app-users': [1, false],
      'completed-orders': [3, false],
      'completed-orders-30': [1, false],
      invoiced: [1, false],
      refunded: [0, false],
      'awaiting-invoice': [2, false],
      'month-total': [1266.5, true],
      'all-time-total': [2632, true],
    });
  });

  it('count regular-login users as all users minus those not signed in for 7 days, never below zero', () => {
    expect(regularLoginUsers({ ...waiting, user_count: 120, user_count_not_login_last_7_day: 45 })).toBe(75);
    expect(regularLoginUsers({ ...waiting, user_count: 3, user_count_not_login_last_7_day: 3 })).toBe(0);
    expect(regularLoginUsers({ ...waiting, user_count: 2, user_count_not_login_last_7_day: 5 })).toBe(0);
  });

  it('fill the 30-day card from the field named for 7 days', () => {
    const report = { ...waiting, complated_order_count: 50, complated_order_count_in_last_7_day: 12 };
    expect(summaryCards(report).find((card) => card.id === 'completed-orders-30')?.value).toBe(12);
  });

  it('open the new-order modal only when orders wait for their invoice', () => {
    expect(hasWaitingOrders(waiting)).toBe(true);
    expect(hasWaitingOrders(noneWaiting)).toBe(false);
    expect(hasWaitingOrders({ ...noneWaiting, waiting_order_count: 1 })).toBe(true);
  });
});
