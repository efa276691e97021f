import { describe, expect, it } from 'vitest';
import { batteryState, panelDisplayState, signalBars, visibleTemperature } from './panel-display.ts';

describe('panel display state', () => {
  it.each([
    [{ connected: false, armed: true, KLStatus: { alarm: 1 as const } }, 'disconnected'],
    [{ connected: true, armed: true, KLStatus: { firealarm: 1 as const, alarm: 1 as const } }, 'fireAlarm'],
    [{ connected: true, armed: true, KLStatus: { alarm: 1 as const } }, 'alarm'],
    [{ connected: true, armed: false, status: 9 }, 'delay'],
    [{ connected: true, armed: false, status: 10 }, 'delay'],
    [{ connected: true, armed: true, status: 14 }, 'delay'],
    [{ connected: true, armed: true, status: 15 }, 'delay'],
    [{ connected: true, armed: true, stayarmed: true, status: 2 }, 'stayArmed'],
    [{ connected: true, armed: true, stayarmed: false, status: 2 }, 'armed'],
    [{ connected: true, armed: false, status: 1 }, 'disarmed'],
  ])('%o shows %s', (panel, expected) => {
    expect(panelDisplayState(panel)).toBe(expected);
  });

  it('shows signal bars as the level divided by 20', () => {
    expect([undefined, 0, 19, 20, 59, 80, 100].map(signalBars)).toEqual([0, 0, 0, 1, 2, 4, 5]);
  });

  it('shows the temperature only below 128', () => {
    expect([undefined, 24, 127, 128, 200].map(visibleTemperature)).toEqual([undefined, 24, 127, undefined, undefined]);
  });

  it('reads the battery as 1 low, 0 charging, any other value missing', () => {
    expect([undefined, 0, 1, 2, 255].map(batteryState)).toEqual([undefined, 'charging', 'low', 'missing', 'missing']);
  });
});
