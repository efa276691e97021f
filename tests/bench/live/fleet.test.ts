/** The benchmark's fleet is what the contract says a panel list is, and its messages what the feed carries. */
import { describe, expect, it } from 'vitest';
import { checkFleetAgainstContract, devIdOf, fleetPage, marker, messagePayload } from './fleet.ts';

describe('live benchmark fleet', () => {
  it('answers pages as the API does: from the offset, at most the limit, with the total count', () => {
    const page = fleetPage(25, 20, 10);
    expect(page.data.map((row) => row.dev_id)).toEqual([20, 21, 22, 23, 24].map(devIdOf));
    expect(page.list_info).toEqual({ total_count: 25, limit: 10, offset: 20 });
    expect(fleetPage(25, 30, 10).data).toEqual([]);
  });

  it('holds contract-valid rows and payload-valid messages with a unique status text', () => {
    expect(() => checkFleetAgainstContract(2000)).not.toThrow();
    expect(JSON.parse(messagePayload(devIdOf(3), 42))).toMatchObject({ dev_id: devIdOf(3), status_desc: marker(42) });
  });
});
