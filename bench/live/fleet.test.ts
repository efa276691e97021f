/** The benchmark's fleet is what the contract says a panel list is, and its messages what the feed carries. */
import { describe, expect, it } from 'vitest';
import { alarmPayload, checkFleetAgainstContract, devIdOf, fleetPage, marker, messagePayload } from './fleet.ts';
import { ALARM_BODY_BYTES } from './mqtt-probe.ts';

describe('live benchmark fleet', () => {
  it('answers pages as the API does: from the offset, at most the limit, with the total count', () => {
    const page = fleetPage(25, 20, 10);
    expect(page.data.map((row) => row.dev_id)).toEqual([20, 21, 22, 23, 24].map(devIdOf));
    expect(page.list_info).toEqual({ total_count: 25, limit: 10, offset: 20 });
    expect(fleetPage(25, 30, 10).data).toEqual([]);
  });

  it('holds contract-valid rows, payload-valid messages with a unique status text, and a payload-valid alarm', () => {
    expect(() => checkFleetAgainstContract(2000)).not.toThrow();
    expect(JSON.parse(messagePayload(devIdOf(3), 42))).toMatchObject({ dev_id: devIdOf(3), status_desc: marker(42) });
    // The alarm message carries the alarm flag only (checked against the payload schema above, with the others).
    expect(JSON.parse(alarmPayload(devIdOf(3)))).toEqual({ dev_id: devIdOf(3), KLStatus: { alarm: 1 } });
  });

  it('tells an alarm message from a status message by its size on the wire (topic and payload)', () => {
    const body = (payload: string) => 2 + `panels/${devIdOf(19_999)}`.length + Buffer.byteLength(payload);
    expect(body(alarmPayload(devIdOf(19_999)))).toBeLessThan(ALARM_BODY_BYTES);
    expect(body(messagePayload(devIdOf(0), 0))).toBeGreaterThanOrEqual(ALARM_BODY_BYTES);
  });
});
