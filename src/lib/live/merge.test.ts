import { describe, expect, it } from 'vitest';
import { mergePanelState, normaliseUpdate } from './merge.ts';

const PANEL = 864215040012345;

describe('normaliseUpdate', () => {
  it('turns 0/1 and boolean flags into the REST record types', () => {
    expect(
      normaliseUpdate(
        {
          armed: 1,
          stayarmed: false,
          connected: 0,
          motion: true,
          ahm1: 1,
          ahm2: false,
          KLStatus: { alarm: true, firealarm: 0, power: 1, bypass: false, event: true, armed: 1, temp: 130 },
          PartList: [{ partno: 1, armed: 0, name: 'Depo' }, { partno: 2 }],
          outs: [{ out_no: 0, out_status: false }, { out_no: 1 }],
          zones: [{ zone_no: 3, zone_status: 1, zone_byp_status: 2 }],
          gsmlevel: 60,
        },
        PANEL,
      ),
    ).toEqual({
      dev_id: PANEL,
      armed: true,
      stayarmed: false,
      connected: false,
      motion: 1,
      ahm1: 1,
      ahm2: 0,
      KLStatus: { alarm: 1, firealarm: 0, power: 1, bypass: 0, event: 1, armed: 1, temp: 130 },
      PartList: [{ partno: 1, armed: false, name: 'Depo' }, { partno: 2 }],
      outs: [{ out_no: 0, out_status: 0 }, { out_no: 1 }],
      zones: [{ zone_no: 3, zone_status: 1, zone_byp_status: 2 }],
      gsmlevel: 60,
    });
  });

  it('takes the panel from the topic and adds nothing that was not sent', () => {
    expect(normaliseUpdate({ gsmlevel: 20 }, PANEL)).toEqual({ dev_id: PANEL, gsmlevel: 20 });
    expect(normaliseUpdate({ KLStatus: {} }, PANEL)).toEqual({ dev_id: PANEL, KLStatus: {} });
  });
});

describe('mergePanelState', () => {
  it('merges KLStatus by field and zones, outputs and partitions by number', () => {
    const first = mergePanelState(undefined, {
      dev_id: PANEL,
      KLStatus: { alarm: 0, temp: 22 },
      zones: [
        { zone_no: 0, zone_status: 0 },
        { zone_no: 3, zone_status: 0 },
      ],
      PartList: [
        { partno: 1, name: 'Ofis', armed: false },
        { partno: 2, name: 'Depo', armed: false },
      ],
    });
    const next = mergePanelState(first, {
      dev_id: PANEL,
      KLStatus: { alarm: 1 },
      zones: [
        { zone_no: 3, zone_status: 1 },
        { zone_no: 1, zone_byp_status: 2 },
      ],
      outs: [{ out_no: 1, out_status: 1 }],
      PartList: [{ partno: 2, armed: true }],
    });
    expect(next.KLStatus).toEqual({ alarm: 1, temp: 22 });
    expect(next.zones).toEqual([
      { zone_no: 0, zone_status: 0 },
      { zone_no: 1, zone_byp_status: 2 },
      { zone_no: 3, zone_status: 1 },
    ]);
    expect(next.outs).toEqual([{ out_no: 1, out_status: 1 }]);
    expect(next.PartList).toEqual([
      { partno: 1, name: 'Ofis', armed: false },
      { partno: 2, name: 'Depo', armed: true },
    ]);
    // The earlier state is untouched (snapshots handed to React never change).
    expect(first.KLStatus).toEqual({ alarm: 0, temp: 22 });
    expect(first.PartList?.[1]).toEqual({ partno: 2, name: 'Depo', armed: false });
  });

  it('drops partitions beyond a new partition count', () => {
    const two = mergePanelState(undefined, {
      partcount: 2,
      PartList: [{ partno: 1 }, { partno: 2 }],
    });
    expect(mergePanelState(two, { partcount: 0, PartList: [] }).PartList).toEqual([]);
    expect(mergePanelState(two, { partcount: 1 }).PartList).toEqual([{ partno: 1 }]);
  });
});
