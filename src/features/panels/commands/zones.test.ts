import { describe, expect, it } from 'vitest';
import type { Zone } from '@generated/api/types.gen.ts';
import { mergeOutputs, mergeZones, zoneBypassed, zonesBlockingArm, zonesToCheck } from './zones.ts';

const zone = (zone_no: number, extra: Partial<Zone> = {}): Zone => ({
  zone_no,
  name: `Zone ${zone_no}`,
  active: true,
  zone_status: 0,
  zone_byp_status: 0,
  byp: false,
  ...extra,
});

describe('zones', () => {
  it('merges the live zone states over the list by zone number', () => {
    const merged = mergeZones([zone(0), zone(1)], [{ zone_no: 1, zone_status: 1, zone_byp_status: 2 }]);
    expect(merged[0]).toEqual(zone(0));
    expect(merged[1]).toMatchObject({ zone_no: 1, zone_status: 1, zone_byp_status: 2, byp: true, name: 'Zone 1' });
  });

  it('a live bypass removal turns the switch off', () => {
    const [merged] = mergeZones([zone(5, { zone_byp_status: 2, byp: true })], [{ zone_no: 5, zone_byp_status: 0 }]);
    expect(zoneBypassed(merged!)).toBe(false);
  });

  it('lists open and troubled active zones, and blocks arming only with those not bypassed', () => {
    const zones = [
      zone(0),
      zone(1, { zone_status: 1 }),
      zone(2, { zone_status: 3 }),
      zone(3, { zone_status: 1, zone_byp_status: 2, byp: true }),
      zone(4, { zone_status: 1, active: false }),
    ];
    expect(zonesToCheck(zones).map((z) => z.zone_no)).toEqual([1, 2, 3]);
    expect(zonesBlockingArm(zones).map((z) => z.zone_no)).toEqual([1, 2]);
  });

  it('merges live output states by output number', () => {
    const merged = mergeOutputs(
      [
        { out_no: 0, name: 'Siren', out_status: 0 },
        { out_no: 1, name: 'Light', out_status: 1 },
      ],
      [{ out_no: 1, out_status: 0 }],
    );
    expect(merged.map((out) => out.out_status)).toEqual([0, 0]);
  });
});
