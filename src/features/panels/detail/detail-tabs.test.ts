import { describe, expect, it } from 'vitest';
import { validatePanelDetailSearch } from '../../../lib/routing/paths.ts';
import { isSettingsTab, SETTINGS_TABS, TAB_LABEL, visibleTab } from './detail-tabs.ts';

describe('the tab of the panel detail', () => {
  it('keeps a known tab in the URL and drops General, an unknown tab or no tab', () => {
    expect(validatePanelDetailSearch({ tab: 'zones' })).toEqual({ tab: 'zones' });
    expect(validatePanelDetailSearch({ tab: 'panel-message' })).toEqual({ tab: 'panel-message' });
    expect(validatePanelDetailSearch({ tab: 'general' })).toEqual({});
    expect(validatePanelDetailSearch({ tab: 'nonsense' })).toEqual({});
    expect(validatePanelDetailSearch({ tab: 3 })).toEqual({});
    expect(validatePanelDetailSearch({})).toEqual({});
  });

  it('lists the fifteen settings tabs of the other menu, each with its own name', () => {
    expect(SETTINGS_TABS).toHaveLength(15);
    const labels = SETTINGS_TABS.map((tab) => TAB_LABEL[tab]);
    expect(new Set(labels).size).toBe(15);
  });

  it('opens a settings tab for the installer only', () => {
    expect(isSettingsTab('cms')).toBe(true);
    expect(isSettingsTab('zones')).toBe(false);
    expect(visibleTab('cms', true)).toBe('cms');
    expect(visibleTab('cms', false)).toBe('general');
    expect(visibleTab('logs', false)).toBe('logs');
    expect(visibleTab(undefined, true)).toBe('general');
  });
});
