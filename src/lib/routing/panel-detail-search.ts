/**
 * The panel detail's part of its URL: its tabs (the `tab` search parameter), the installer's settings tabs, and the
 * router's `validateSearch` of `/PanelDetail/$id`.
 */

/**
 * The tabs of the panel detail (spec 1 §2), as its `tab` search parameter names them, and the panel's audit log
 * (proposed), shown to those who may read the audit log (the level of `/Audit`).
 */
export const panelDetailTabs = [
  'general',
  'zones',
  'users',
  'outs',
  'logs',
  'keypads',
  'reader',
  'queue',
  'audit',
] as const;

/** The extra settings tabs of the installer-only "other menu" of the panel detail (spec 1 §2, spec 2 §2). */
export const panelSettingsTabs = [
  'cms',
  'arm-disarm',
  'alarm-settings',
  'sia-event',
  'automation',
  'network',
  'gsm',
  'ntp',
  'stationary',
  'time-arm-disarm',
  'sms',
  'remote-server',
  'keypad-general',
  'panel-general',
  'panel-message',
] as const;

export type PanelSettingsTab = (typeof panelSettingsTabs)[number];
export type PanelDetailTab = (typeof panelDetailTabs)[number] | PanelSettingsTab;

/** The search of `/PanelDetail/$id`: the open tab, so the URL reflects it (no tab is the General tab). */
export interface PanelDetailSearch {
  tab?: PanelDetailTab;
  /** Programming was asked for (the panel list's Program): a login that is not the installer's is told so. */
  program?: true;
}

const isPanelDetailTab = (value: unknown): value is PanelDetailTab =>
  (panelDetailTabs as readonly unknown[]).includes(value) || (panelSettingsTabs as readonly unknown[]).includes(value);

/** The router's `validateSearch` of the panel detail: an unknown tab opens General. */
export const validatePanelDetailSearch = (search: Record<string, unknown>): PanelDetailSearch => ({
  ...(isPanelDetailTab(search.tab) && search.tab !== 'general' ? { tab: search.tab } : {}),
  ...(search.program === true ? { program: true as const } : {}),
});
