/**
 * The settings groups each settings tab reads and writes (spec 2 §3), from the contract: each group's schema names
 * its tab (`x-settings-tab`), so a new group is drawn on its tab by `npm run gen` alone. The panel message (group -1)
 * is the panel message tab's form.
 */
import { settingsFormIndex } from '@generated/settings/index.ts';
import { panelSettingsTabs, type PanelSettingsTab } from '../../lib/routing/panel-detail-search.ts';

type ContractTab = NonNullable<(typeof settingsFormIndex)[number]['tab']>;
/** Both ways: a tab the contract names that no route shows, or a route's tab no group names, fails the type check. */
const SAME_TABS: [ContractTab] extends [PanelSettingsTab]
  ? [PanelSettingsTab] extends [ContractTab]
    ? true
    : 'a settings tab of the routes has no group in the contract'
  : 'a group of the contract names a tab the routes lack' = true;
void SAME_TABS;

const groupsOf = (tab: PanelSettingsTab): readonly number[] =>
  settingsFormIndex.filter((entry) => entry.tab === tab).map((entry) => entry.group);

export const SETTINGS_GROUPS: Record<PanelSettingsTab, readonly number[]> = Object.fromEntries(
  panelSettingsTabs.map((tab) => [tab, groupsOf(tab)]),
) as Record<PanelSettingsTab, readonly number[]>;
