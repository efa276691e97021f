import { describe, expect, it } from 'vitest';
import type { PanelView } from '../../../lib/panels/panel-view.ts';
import { offeredActions } from '../commands/panel-actions-model.ts';
import { formatAge } from './age.ts';
import { TICK_MS } from './clock.ts';
import { actionsKey, freshnessKey, identityKey, menuKey, readingsKey, sameBy, statusTextKey } from './part-keys.ts';

const panel: PanelView = {
  id: 1,
  dev_id: 864215090000001,
  description: 'Depo 00002',
  model: 'MX-16G',
  status: 1,
  status_desc: 'Sistem Hazır',
  armed: false,
  stayarmed: false,
  connected: true,
  gsmlevel: 61,
  battary: 0,
  KLStatus: { temp: 24 },
};

const plan = { ARM: true, STAYARM: true, DISARM: true, BYPASS: true, OUTPUT: true, PRG: true } as never;

describe('the parts of a panel row', () => {
  it('keep their key through a message that only brings a new status text and a signal level in the same bar', () => {
    const next: PanelView = { ...panel, status_desc: 'b-17', gsmlevel: 79, last_event_time: '2026-11-20T14:32:05Z' };
    for (const key of [identityKey, readingsKey, actionsKey, menuKey]) expect(key(next)).toEqual(key(panel));
    expect(statusTextKey(next)).not.toEqual(statusTextKey(panel));
  });

  it('redraw the readings when the bars, battery, temperature or connection change', () => {
    expect(readingsKey({ ...panel, gsmlevel: 80 })).not.toEqual(readingsKey(panel));
    expect(readingsKey({ ...panel, battary: 1 })).not.toEqual(readingsKey(panel));
    expect(readingsKey({ ...panel, KLStatus: { temp: 25 } })).not.toEqual(readingsKey(panel));
    expect(readingsKey({ ...panel, connected: false })).not.toEqual(readingsKey(panel));
    // No GSM module: the level is not shown, so it changes nothing.
    const wired = { ...panel, model: 'MX-8' };
    expect(readingsKey({ ...wired, gsmlevel: 5 })).toEqual(readingsKey(wired));
  });

  it('redraw the actions whenever the actions offered change', () => {
    const variants: PanelView[] = [
      panel,
      { ...panel, armed: true },
      { ...panel, stayarmed: 1 as never },
      { ...panel, connected: false },
      {
        ...panel,
        partcount: 2,
        PartList: [
          { partno: 1, armed: false },
          { partno: 2, armed: true, name: 'Ofis' },
        ],
      },
      {
        ...panel,
        partcount: 2,
        PartList: [
          { partno: 1, armed: true },
          { partno: 2, armed: true, name: 'Ofis' },
        ],
      },
      {
        ...panel,
        partcount: 2,
        PartList: [
          { partno: 1, armed: true },
          { partno: 2, armed: true, name: 'Depo' },
        ],
      },
    ];
    for (const a of variants) {
      for (const b of variants) {
        const sameOffer = JSON.stringify(offeredActions(a, plan)) === JSON.stringify(offeredActions(b, plan));
        // Equal keys promise the same offer (the reverse need not hold).
        if (JSON.stringify(actionsKey(a)) === JSON.stringify(actionsKey(b))) expect(sameOffer).toBe(true);
      }
    }
    expect(actionsKey({ ...panel, armed: true })).not.toEqual(actionsKey(panel));
  });

  it('compares the other props by identity and the panel by its key', () => {
    const same = sameBy<{ view: PanelView; onOpen: () => void }>('view', menuKey);
    const onOpen = () => undefined;
    expect(same({ view: panel, onOpen }, { view: { ...panel, status_desc: 'x' }, onOpen })).toBe(true);
    expect(same({ view: panel, onOpen }, { view: { ...panel, description: 'Ev' }, onOpen })).toBe(false);
    expect(same({ view: panel, onOpen }, { view: panel, onOpen: () => undefined })).toBe(false);
  });

  it('say "updated … ago" in the same words at every tick for two times of one freshness key', () => {
    expect(TICK_MS % 1000).toBe(0);
    const base = Date.UTC(2026, 10, 20, 14, 0, 0);
    const times = Array.from({ length: 120 }, (_, index) => base + index * 29 + (index % 3) * 0.5);
    for (const now of [base, base + 1000, base + 3000, base + 61_000, base + 3_600_000]) {
      for (const a of times) {
        for (const b of times.filter((time) => freshnessKey(time) === freshnessKey(a))) {
          expect(formatAge(now - b, 'en')).toBe(formatAge(now - a, 'en'));
        }
      }
    }
    expect(freshnessKey(base + 1)).not.toBe(freshnessKey(base + 1001));
  });
});
