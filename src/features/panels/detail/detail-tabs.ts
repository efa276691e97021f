/**
 * The tabs of the panel detail (spec 1 §2, spec 2 §2): the seven tabs everyone sees, and the fifteen settings
 * tabs of the installer-only "other menu", one of which is added to the tab bar when chosen. Each has its
 * translated name; the programming knows the settings groups each settings tab programs (spec 2 §3).
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
  general: 'panelDetail.tabs.general',
  zones: 'panelDetail.tabs.zones',
  users: 'panelDetail.tabs.users',
  outs: 'panelDetail.tabs.outs',
  logs: 'panelDetail.tabs.logs',
  keypads: 'panelDetail.tabs.keypads',
  reader: 'panelDetail.tabs.reader',
  cms: 'panelDetail.tabs.cms',
  'arm-disarm': 'panelDetail.tabs.armDisarm',
  'alarm-settings': 'panelDetail.tabs.alarmSettings',
  'sia-event': 'panelDetail.tabs.siaEvent',
  automation: 'panelDetail.tabs.automation',
  network: 'panelDetail.tabs.network',
  gsm: 'panelDetail.tabs.gsm',
  ntp: 'panelDetail.tabs.ntp',
  stationary: 'panelDetail.tabs.stationary',
  'time-arm-disarm': 'panelDetail.tabs.timeArmDisarm',
  sms: 'panelDetail.tabs.sms',
  'remote-server': 'panelDetail.tabs.remoteServer',
  'keypad-general': 'panelDetail.tabs.keypadGeneral',
  'panel-general': 'panelDetail.tabs.panelGeneral',
  'panel-message': 'panelDetail.tabs.panelMessage',
};

export const isSettingsTab = (tab: PanelDetailTab): tab is PanelSettingsTab =>
  (SETTINGS_TABS as readonly string[]).includes(tab);

/**
 * The tab to show: settings tabs are the installer's only, so anyone else who follows a link to one sees
 * General; no tab in the URL is General.
 */
export const visibleTab = (tab: PanelDetailTab | undefined, installer: boolean): PanelDetailTab =>
  !tab || (isSettingsTab(tab) && !installer) ? 'general' : tab;
