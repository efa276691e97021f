/**
 * The tabs of the panel detail (spec 1 §2, spec 2 §2): the seven tabs everyone sees, and the fifteen settings
 * tabs of the installer-only "other menu", one of which is added to the tab bar when chosen. Each has its
 * translated name; a settings tab names the settings groups it programs (spec 2 §3).
 */
import {
  panelDetailTabs,
  panelSettingsTabs,
  type PanelDetailTab,
  type PanelSettingsTab,
} from '../../../lib/routing/paths.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';

export const MAIN_TABS = panelDetailTabs;
export const SETTINGS_TABS = panelSettingsTabs;

export const TAB_LABEL: Record<PanelDetailTab, TranslationKey> = {
  general: 'panels.detail.tabs.general',
  zones: 'panels.detail.tabs.zones',
  users: 'panels.detail.tabs.users',
  outs: 'panels.detail.tabs.outs',
  logs: 'panels.detail.tabs.logs',
  keypads: 'panels.detail.tabs.keypads',
  reader: 'panels.detail.tabs.reader',
  cms: 'panels.detail.tabs.cms',
  'arm-disarm': 'panels.detail.tabs.armDisarm',
  'alarm-settings': 'panels.detail.tabs.alarmSettings',
  'sia-event': 'panels.detail.tabs.siaEvent',
  automation: 'panels.detail.tabs.automation',
  network: 'panels.detail.tabs.network',
  gsm: 'panels.detail.tabs.gsm',
  ntp: 'panels.detail.tabs.ntp',
  stationary: 'panels.detail.tabs.stationary',
  'time-arm-disarm': 'panels.detail.tabs.timeArmDisarm',
  sms: 'panels.detail.tabs.sms',
  'remote-server': 'panels.detail.tabs.remoteServer',
  'keypad-general': 'panels.detail.tabs.keypadGeneral',
  'panel-general': 'panels.detail.tabs.panelGeneral',
  'panel-message': 'panels.detail.tabs.panelMessage',
};

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

export const isSettingsTab = (tab: PanelDetailTab): tab is PanelSettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(tab);

/**
 * The tab to show: settings tabs are the installer's only, so anyone else who follows a link to one sees
 * General; no tab in the URL is General.
 */
export const visibleTab = (tab: PanelDetailTab | undefined, installer: boolean): PanelDetailTab =>
  !tab || (isSettingsTab(tab) && !installer) ? 'general' : tab;
