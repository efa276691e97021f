import { describe, expect, it } from 'vitest';
import { validatePanelDetailSearch } from '../../../lib/routing/panel-detail-search.ts';
import { hasTab, isSettingsTab, readsAuditLog, SETTINGS_TABS, TAB_LABEL, visibleTab } from './detail-tabs.ts';

describe('the tab of the panel detail', () => {
  it('keeps a known tab in the URL and drops General, an unknown tab or no tab', () => {
    expect(validatePanelDetailSearch({ tab: 'zones' })).toEqual({ tab: 'zones' });
    expect(validatePanelDetailSearch({ tab: 'panel-message' })).toEqual({ tab: 'panel-message' });
    expect(validatePanelDetailSearch({ tab: 'general' })).toEqual({});
    expect(validatePanelDetailSearch({ tab: 'nonsense' })).toEqual({});
    expect(validatePanelDetailSearch({ tab: 3 })).toEqual({});
    expect(validatePanelDetailSearch({})).toEqual({});
  });

  it('keeps the programming asked for only as the flag itself', () => {
    expect(validatePanelDetailSearch({ tab: 'zones', program: true })).toEqual({ tab: 'zones', program: true });
    expect(validatePanelDetailSearch({ program: 'yes' })).toEqual({});
    expect(validatePanelDetailSearch({ program: false })).toEqual({});
  });

  it('lists the fifteen settings tabs of the other menu, each with its own name', () => {
    expect(SETTINGS_TABS).toHaveLength(15);
    const labels = SETTINGS_TABS.map((tab) => TAB_LABEL[tab]);
    expect(new Set(labels).size).toBe(15);
  });

  it('opens a settings tab for the installer only', () => {
    expect(isSettingsTab('cms')).toBe(true);
    expect(isSettingsTab('zones')).toBe(false);
    const installer = { installer: true, audit: false };
    const master = { installer: false, audit: false };
    expect(visibleTab('cms', installer)).toBe('cms');
    expect(visibleTab('cms', master)).toBe('general');
    expect(visibleTab('logs', master)).toBe('logs');
    expect(visibleTab(undefined, installer)).toBe('general');
  });

  it('has the audit tab for dealers and administrators only, whatever the panel login', () => {
    expect(validatePanelDetailSearch({ tab: 'audit' })).toEqual({ tab: 'audit' });
    expect([0, 1, 2, undefined].map((type) => readsAuditLog(type as 0 | 1 | 2 | undefined))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(hasTab('audit', { installer: true, audit: false })).toBe(false);
    expect(hasTab('audit', { installer: false, audit: true })).toBe(true);
    expect(visibleTab('audit', { installer: true, audit: false })).toBe('general');
    expect(visibleTab('audit', { installer: false, audit: true })).toBe('audit');
    expect(hasTab('zones', { installer: false, audit: false })).toBe(true);
  });

  it('has the Queue tab (the panel’s queued settings writes) for everyone, its name in the URL', () => {
    expect(validatePanelDetailSearch({ tab: 'queue' })).toEqual({ tab: 'queue' });
    expect(hasTab('queue', { installer: false, audit: false })).toBe(true);
    expect(TAB_LABEL.queue).toBe('panelDetail.tabs.queue');
  });
});
