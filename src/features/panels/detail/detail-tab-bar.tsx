import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { PanelDetailTab } from '../../../lib/routing/panel-detail-search.ts';
import { hasTab, isSettingsTab, MAIN_TABS, SETTINGS_TABS, TAB_LABEL, type TabAccess } from './detail-tabs.ts';

export interface DetailTabBarProps {
  tab: PanelDetailTab;
  access: TabAccess;
  onSelect(tab: PanelDetailTab): void;
}

/**
 * The tab bar: the seven tabs, the audit tab for those who may read the audit log, plus the settings tab chosen from
 * the installer's "other menu". It scrolls on a narrow screen, and the arrow keys move between tabs (MUI Tabs); the
 * selected tab always fits in view whole (a long name wraps), so no name is cut off.
 */
export function DetailTabBar({ tab, access, onSelect }: DetailTabBarProps) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  // The selected tab is scrolled whole into view, a settings tab just added at the end of the bar too (the bar's own
  // scrolling may measure before that tab is there).
  useEffect(() => {
    document.getElementById(`panel-detail-tab-${tab}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const tabProps = (name: PanelDetailTab) => ({
    value: name,
    label: t(TAB_LABEL[name]),
    id: `panel-detail-tab-${name}`,
    'aria-controls': `panel-detail-tabpanel-${name}`,
    // No tab is wider than what a phone shows between the scroll buttons: a long name takes a second line instead.
    sx: { maxWidth: { xs: 240, sm: 360 } },
  });
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
    >
      <Tabs
        value={tab}
        onChange={(_event, value: PanelDetailTab) => onSelect(value)}
        variant="scrollable"
        // The scroll buttons always take their place (disabled when there is nothing to scroll), so a tab added or
        // chosen does not move them in after it was scrolled into view.
        scrollButtons
        allowScrollButtonsMobile
        aria-label={t('panelDetail.tabs.label')}
        // On a phone the tabs have the whole width, and the other menu goes below them.
        sx={{ flex: 1, minWidth: { xs: '100%', sm: 0 } }}
      >
        {MAIN_TABS.filter((name) => hasTab(name, access)).map((name) => (
          <Tab key={name} {...tabProps(name)} />
        ))}
        {isSettingsTab(tab) ? <Tab {...tabProps(tab)} /> : null}
      </Tabs>
      {access.installer ? (
        <>
          <Button
            id="panel-detail-other-menu"
            aria-haspopup="menu"
            aria-expanded={menuAnchor ? 'true' : undefined}
            aria-controls={menuAnchor ? 'panel-detail-other-menu-list' : undefined}
            endIcon={<ArrowDropDownIcon />}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap', ml: 'auto' }}
          >
            {t('panelDetail.otherMenu')}
          </Button>
          <Menu
            id="panel-detail-other-menu-list"
            anchorEl={menuAnchor}
            open={menuAnchor !== null}
            onClose={() => setMenuAnchor(null)}
            slotProps={{ list: { 'aria-labelledby': 'panel-detail-other-menu' } }}
          >
            {SETTINGS_TABS.map((name) => (
              <MenuItem
                key={name}
                selected={name === tab}
                onClick={() => {
                  setMenuAnchor(null);
                  onSelect(name);
                }}
              >
                {t(TAB_LABEL[name])}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Stack>
  );
}
