import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { GeneralReport } from '@generated/api/types.gen.ts';
import { dealerCounts, dealerRows, modelRows } from './report-tables.ts';

/** The contract's examples of GET /reports/general, by name. */
const examples = parse(readFileSync('openapi/examples/reports.yaml', 'utf8')) as Record<
  string,
  { value: { data: GeneralReport } }
>;
const waiting = examples['general-default']!.value.data;

describe('the dashboard tables', () => {
  it('list users per dealer code and connected panels per model, in the order the server gives', () => {
    expect(dealerRows(waiting)).toEqual([{ name: 'IST034', count: 3 }]);
    expect(modelRows(waiting)).toEqual([
      { name: 'MX-16G', count: 1 },
      { name: 'MX-8', count: 1 },
      { name: 'MX-32', count: 1 },
    ]);
    expect(dealerRows({ ...waiting, dealer_users: [] })).toEqual([]);
  });

  it('show the dealer and wholesaler counts beside the dealer-code table', () => {
    expect(dealerCounts({ ...waiting, dealer_count: 7, wholesaler_count: 2 }).map((count) => count.value)).toEqual([
      7, 2,
    ]);
    expect(dealerCounts(waiting).map((count) => [count.id, count.value])).toEqual([
      ['dealers', 1],
      ['wholesalers', 0],
    ]);
  });
});
