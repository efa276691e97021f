/**
 * The tabs of the panel detail (spec 1 §2, spec 2 §2): the seven tabs everyone sees, the panel's audit log for those
 * who may read the audit log, and the fifteen settings tabs of the installer-only "other menu", one of
 * which is added to the tab bar when chosen. Each has its translated name; the programming knows the settings groups
 * each settings tab programs (spec 2 §3).
 */
import { pageLevels } from '../../../lib/routing/paths.ts';
import {
  panelDetailTabs,
  panelSettingsTabs,
  type PanelDetailTab,
  type PanelSettingsTab,
} from '../../../lib/routing/panel-detail-search.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import type { UserType } from '@generated/api/types.gen.ts';

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
  queue: 'panelDetail.tabs.queue',
  audit: 'panelDetail.tabs.audit',
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

/** Which tabs beyond everyone's the viewer has: the installer's settings tabs, the audit log of the panel. */
export interface TabAccess {
  /** Logged in to the panel as its installer (spec 2 §2). */
  installer: boolean;
  /** May read the audit log: the console user's type reaches the level of `/Audit` (dealers and administrators). */
  audit: boolean;
}

/** Whether the audit log may be read by a console user of this type (the same level as the `/Audit` page). */
export const readsAuditLog = (userType: UserType | undefined): boolean =>
  userType !== undefined && userType >= pageLevels.audit;

/** Whether the viewer has the tab: settings tabs are the installer's, the audit tab the audit log's readers'. */
export const hasTab = (tab: PanelDetailTab, access: TabAccess): boolean =>
  isSettingsTab(tab) ? access.installer : tab === 'audit' ? access.audit : true;

/** The tab to show: anyone who follows a link to a tab they do not have sees General; no tab in the URL is General. */
export const visibleTab = (tab: PanelDetailTab | undefined, access: TabAccess): PanelDetailTab =>
  !tab || !hasTab(tab, access) ? 'general' : tab;
