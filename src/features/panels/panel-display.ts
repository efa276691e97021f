import type { PanelState } from '@generated/api/types.gen.ts';

export type PanelDisplayState = 'disconnected' | 'fireAlarm' | 'alarm' | 'delay' | 'stayArmed' | 'armed' | 'disarmed';

/** Entry/exit delay statuses (spec constants). */
export const DELAY_STATUSES = [9, 10, 14, 15];
/** Temperatures of 128 and above mean "no sensor". */
export const NO_TEMPERATURE = 128;

/**
 * What a panel shows: a disconnected panel is only that; alarm and fire alarm override everything else;
 * then the entry/exit delay; then stay-armed, armed or disarmed.
 */
export function panelDisplayState(panel: PanelState): PanelDisplayState {
  if (panel.connected === false) return 'disconnected';
  if (panel.KLStatus?.firealarm) return 'fireAlarm';
  if (panel.KLStatus?.alarm) return 'alarm';
  if (panel.status !== undefined && DELAY_STATUSES.includes(panel.status)) return 'delay';
  if (panel.armed && panel.stayarmed) return 'stayArmed';
  if (panel.stayarmed) return 'stayArmed';
  if (panel.armed) return 'armed';
  return 'disarmed';
}

/** Bars of the GSM signal icon: the level divided by 20. */
export const signalBars = (level: number | undefined): number =>
  level === undefined ? 0 : Math.max(0, Math.min(5, Math.floor(level / 20)));

export const visibleTemperature = (temp: number | undefined): number | undefined =>
  temp !== undefined && temp < NO_TEMPERATURE ? temp : undefined;

export type BatteryState = 'low' | 'charging' | 'missing';

/** The battery reading (spec 1 §3): 1 low, 0 charging, any other value no battery; nothing when not reported. */
export const batteryState = (battary: number | undefined): BatteryState | undefined => {
  if (battary === undefined) return undefined;
  if (battary === 1) return 'low';
  return battary === 0 ? 'charging' : 'missing';
};
