import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { PanelDetailTab } from '../../../lib/routing/paths.ts';
import { hasTab, isSettingsTab, MAIN_TABS, SETTINGS_TABS, TAB_LABEL, type TabAccess } from './detail-tabs.ts';

export interface DetailTabBarProps {
  tab: PanelDetailTab;
  access: TabAccess;
  onSelect(tab: PanelDetailTab): void;
}

/**
 * The tab bar: the seven tabs, the audit tab for those who may read the audit log, plus the settings tab chosen from
 * the installer's "other menu". It scrolls on a narrow screen, and the arrow keys move between tabs (MUI Tabs).
 */
export function DetailTabBar({ tab, access, onSelect }: DetailTabBarProps) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const tabProps = (name: PanelDetailTab) => ({
    value: name,
    label: t(TAB_LABEL[name]),
    id: `panel-detail-tab-${name}`,
    'aria-controls': `panel-detail-tabpanel-${name}`,
  });
  return (
    <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_event, value: PanelDetailTab) => onSelect(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('panelDetail.tabs.label')}
        sx={{ flex: 1, minWidth: 0 }}
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
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
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
