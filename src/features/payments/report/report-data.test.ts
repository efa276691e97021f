import { describe, expect, it } from 'vitest';
import type { BillingReportMonth, Order } from '@generated/api/types.gen.ts';
import {
  bandBound,
  cardVariant,
  chronological,
  defaultRange,
  entryMonth,
  monthName,
  monthShortName,
  orderCount,
  priceBand,
  reachedLimit,
  REPORT_PAGE,
  reportMonths,
  reportRange,
  shareOf,
} from './report-data.ts';

const order = (id: number): Order => ({
  id,
  created_at: '2026-11-20T14:32:05Z',
  sub_month: 12,
  amount: 1,
  payment_plan: { title: 'Premium' },
  price: 1490,
  currency: 'TRY',
  total_price: 1266.5,
  user_info: { name: 'Mehmet Demir', email: 'dealer@example.com', Dealercode: 'IST034' },
  sub_expire_date: null,
  order_state: 1,
  is_billing: false,
  order_details: [],
});

const entry = (id: number, total: number, orders: Order[] = []): BillingReportMonth => ({
  id,
  month: id % 100,
  total_price: total,
  records: orders,
});

describe('billing report data', () => {
  it('asks for the first 500 orders', () => {
    expect(REPORT_PAGE).toEqual({ limit: 500, offset: 0 });
  });

  it('colours a total by the spec’s price bands, at their boundaries', () => {
    const cases: [number, string][] = [
      [0, 'red'],
      [500, 'red'],
      [500.01, 'yellow'],
      [750, 'yellow'],
      [751, 'lightBlue'],
      [1000, 'lightBlue'],
      [1000.5, 'blue'],
      [1500, 'blue'],
      [1501, 'green'],
      [99999, 'green'],
    ];
    for (const [total, band] of cases) expect(priceBand(total), String(total)).toBe(band);
    expect(bandBound('red')).toBe(500);
    expect(bandBound('yellow')).toBe(500);
    expect(bandBound('green')).toBe(1500);
  });

  it('orders months chronologically across years, whatever the answer’s order', () => {
    const answer = [entry(202602, 1), entry(202512, 2), entry(202601, 3), entry(202411, 4)];
    expect(chronological(answer).map((month) => month.id)).toEqual([202411, 202512, 202601, 202602]);
    // The answer itself is left as it was.
    expect(answer.map((month) => month.id)).toEqual([202602, 202512, 202601, 202411]);
  });

  it('names months with their year in Turkish and English', () => {
    expect(monthName(entry(202512, 0), 'tr')).toBe('Aralık 2025');
    expect(monthName(entry(202601, 0), 'tr')).toBe('Ocak 2026');
    expect(monthName(entry(202608, 0), 'tr')).toBe('Ağustos 2026');
    expect(monthName(entry(202512, 0), 'en')).toBe('December 2025');
    expect(monthName(entry(202601, 0), 'en')).toBe('January 2026');
    expect(monthShortName(entry(202512, 0), 'tr')).toBe('Ara 25');
    expect(monthShortName(entry(202512, 0), 'en')).toBe('Dec 25');
  });

  it('names a month without a year when the id is not YYYYMM', () => {
    expect(entryMonth({ id: 7, month: 3 })).toEqual({ month: 3 });
    expect(monthName({ id: 7, month: 3 }, 'tr')).toBe('Mart');
    expect(monthName({ id: 7, month: 3 }, 'en')).toBe('March');
  });

  it('shapes the months for the cards, the charts and the table', () => {
    const months = reportMonths(
      [entry(202611, 1266.5, [order(5004), order(5003)]), entry(202601, 1266.5, [order(5001)]), entry(202610, 99)],
      'tr',
    );
    expect(months.map(({ id, name, total, band, variant }) => ({ id, name, total, band, variant }))).toEqual([
      { id: 202601, name: 'Ocak 2026', total: 1266.5, band: 'blue', variant: 'primary' },
      { id: 202610, name: 'Ekim 2026', total: 99, band: 'red', variant: 'info' },
      { id: 202611, name: 'Kasım 2026', total: 1266.5, band: 'blue', variant: 'success' },
    ]);
    expect(months.map((month) => month.shortName)).toEqual(['Oca 26', 'Eki 26', 'Kas 26']);
    expect(months[2]!.orders.map((row) => row.id)).toEqual([5004, 5003]);
  });

  it('cycles six card colours', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 12].map(cardVariant)).toEqual([
      'primary',
      'info',
      'success',
      'warning',
      'error',
      'secondary',
      'primary',
      'info',
      'primary',
    ]);
  });

  it('counts the orders and tells when the answer reached the limit', () => {
    const some = [entry(202601, 0, [order(1), order(2)]), entry(202602, 0, [order(3)])];
    expect(orderCount(some)).toBe(3);
    expect(reachedLimit(some)).toBe(false);
    const full = [
      entry(
        202601,
        0,
        Array.from({ length: 499 }, (_, i) => order(i)),
      ),
      entry(202602, 0, [order(999)]),
    ];
    expect(orderCount(full)).toBe(500);
    expect(reachedLimit(full)).toBe(true);
    expect(
      reachedLimit([
        entry(
          202601,
          0,
          Array.from({ length: 499 }, (_, i) => order(i)),
        ),
      ]),
    ).toBe(false);
  });

  it('starts at the first day of the year and ends today, unless the URL says otherwise', () => {
    const today = new Date(2026, 10, 5, 15, 30);
    expect(defaultRange(today)).toEqual({ begin: '2026-01-01', end: '2026-11-05' });
    expect(reportRange({}, today)).toEqual({ begin: '2026-01-01', end: '2026-11-05' });
    expect(reportRange({ begin: '2025-12-01' }, today)).toEqual({ begin: '2025-12-01', end: '2026-11-05' });
    expect(reportRange({ begin: '2025-12-01', end: '2026-01-31' }, today)).toEqual({
      begin: '2025-12-01',
      end: '2026-01-31',
    });
  });

  it('gives each month its share of the whole', () => {
    const months = [{ total: 300 }, { total: 100 }];
    expect(shareOf(300, months)).toBe(75);
    expect(shareOf(0, [{ total: 0 }])).toBe(0);
  });
});
