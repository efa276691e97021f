import type { PanelSettingsTab } from '../../lib/routing/paths.ts';

/** The settings groups each settings tab reads and writes (spec 2 §3); the panel message is its own call. */
export const SETTINGS_GROUPS: Record<PanelSettingsTab, readonly number[]> = {
  cms: [3, 17],
  'arm-disarm': [6],
  'alarm-settings': [5],
  'sia-event': [7],
  automation: [8],
  network: [10, 19, 20, 21],
  gsm: [9],
  ntp: [14],
  stationary: [11],
  'time-arm-disarm': [12],
  sms: [18],
  'remote-server': [13],
  'keypad-general': [15],
  'panel-general': [16],
  'panel-message': [],
};
