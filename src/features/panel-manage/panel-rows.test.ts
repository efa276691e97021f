import { describe, expect, it } from 'vitest';
import type { PanelListRow } from '@generated/api/types.gen.ts';
import { firmwareOf, lastEventOf, matchesPanel, modelOf, toDate } from './panel-rows.ts';

const panel = (overrides: Partial<PanelListRow>): PanelListRow => ({
  id: 1,
  dev_id: 864215040012345,
  description: 'Merkez Ofis',
  model: 'MX-16G',
  ...overrides,
});

describe('the panel management rows', () => {
  it('shows the device record’s firmware, model and last event when the panel has none', () => {
    const bare = panel({
      model: '',
      device_info: { id: 1, dev_id: 1, firm_ver: '3.4.2', model: 'MX-8', last_event_time: '2026-11-20T14:32:05Z' },
    });
    expect(firmwareOf(bare)).toBe('3.4.2');
    expect(modelOf(bare)).toBe('MX-8');
    expect(lastEventOf(bare)).toBe('2026-11-20T14:32:05Z');
    const own = panel({ firm_ver: '4.0.0', last_event_time: '2026-11-21T00:00:00Z', device_info: bare.device_info });
    expect([firmwareOf(own), modelOf(own), lastEventOf(own)]).toEqual(['4.0.0', 'MX-16G', '2026-11-21T00:00:00Z']);
  });

  it('turns the server’s date-times into dates, and anything else into nothing', () => {
    expect(toDate('2025-03-14T09:20:00Z')?.toISOString()).toBe('2025-03-14T09:20:00.000Z');
    expect(toDate(undefined)).toBeUndefined();
    expect(toDate('')).toBeUndefined();
    expect(toDate('not a date')).toBeUndefined();
  });

  it('matches the search in device id, description, model and firmware, ignoring case and Turkish marks', () => {
    const row = panel({ description: 'Yazlık Bodrum Çeşme', firm_ver: '3.2.0' });
    expect(matchesPanel(row, '')).toBe(true);
    expect(matchesPanel(row, '  ')).toBe(true);
    expect(matchesPanel(row, '5040012')).toBe(true);
    expect(matchesPanel(row, 'yazlik')).toBe(true);
    expect(matchesPanel(row, 'CESME')).toBe(true);
    expect(matchesPanel(row, 'mx-16')).toBe(true);
    expect(matchesPanel(row, '3.2.0')).toBe(true);
    expect(matchesPanel(row, 'depo')).toBe(false);
  });
});
