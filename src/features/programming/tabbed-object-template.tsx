import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Templates } from '@rjsf/mui';
import type { FormTab } from '../../lib/forms/settings/settings-texts.ts';

/** What the settings form tells its templates. */
export interface SettingsFormContext {
  tabs: FormTab[];
  activeTab: number;
  onTab(index: number): void;
  /** Tabs holding a field that breaks a rule (marked, so a person finds the error on a hidden tab). */
  tabsWithErrors: ReadonlySet<number>;
}

const DefaultObject = Templates.ObjectFieldTemplate!;

/**
 * The form's tabs. Drawn again only when the tabs, the open tab or the marks change, not on every change of a
 * value: MUI's Tabs measure their indicator after each render, which makes the browser lay the page out at once.
 */
const FormTabBar = memo(function FormTabBar({
  tabs,
  activeTab,
  onTab,
  tabsWithErrors,
  idBase,
}: SettingsFormContext & { idBase: string }) {
  const { t } = useTranslation();
  return (
    <Tabs
      value={activeTab}
      onChange={(_event, index: number) => onTab(index)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={t('programming.formTabs')}
    >
      {tabs.map((tab, index) => (
        <Tab
          key={tab.key}
          id={`${idBase}-tab-${tab.key}`}
          aria-controls={`${idBase}-tabpanel`}
          label={
            tabsWithErrors.has(index) ? (
              <Badge color="error" variant="dot" aria-label={t('programming.tabHasErrors', { tab: tab.label })}>
                {tab.label}
              </Badge>
            ) : (
              tab.label
            )
          }
        />
      ))}
    </Tabs>
  );
});

/**
 * The form's root, split into the tabs the schema names (`x-ui-tabs`: zone settings, keypad settings, other
 * settings; user settings, authorities, days and hours). Only the open tab's fields are drawn; nested objects
 * use the theme's own template.
 */
export function TabbedObjectTemplate(props: ObjectFieldTemplateProps) {
  const context = props.registry.formContext as SettingsFormContext | undefined;
  const isRoot = props.fieldPathId.path.length === 0;
  if (!isRoot) return <DefaultObject {...props} />;
  // The root draws no title of its own: the tab, section or dialog around the form names it.
  if (!context?.tabs?.length) {
    return (
      <Box>
        {props.properties.map((property) => (
          <Box key={property.name}>{property.content}</Box>
        ))}
      </Box>
    );
  }
  const { tabs, activeTab, onTab, tabsWithErrors } = context;
  const shown = new Set(tabs[activeTab]?.fields ?? []);
  const idBase = props.fieldPathId.$id;
  return (
    <Box>
      <FormTabBar tabs={tabs} activeTab={activeTab} onTab={onTab} tabsWithErrors={tabsWithErrors} idBase={idBase} />
      <Box
        role="tabpanel"
        id={`${idBase}-tabpanel`}
        aria-labelledby={`${idBase}-tab-${tabs[activeTab]?.key ?? ''}`}
        sx={{ pt: 1 }}
      >
        {props.properties
          .filter((property) => shown.has(property.name))
          .map((property) => (
            <Box key={property.name}>{property.content}</Box>
          ))}
      </Box>
    </Box>
  );
}
