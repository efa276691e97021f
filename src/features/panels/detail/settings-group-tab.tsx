import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { PanelSettingsTab } from '../../../lib/routing/paths.ts';
import { SETTINGS_GROUPS, TAB_LABEL } from './detail-tabs.ts';

/**
 * A settings tab of the "other menu". Its form comes with the panel programming forms; until then the tab says
 * so plainly and shows nothing that looks like a form.
 */
export function SettingsGroupTab({ tab }: { tab: PanelSettingsTab }) {
  const { t } = useTranslation();
  const groups = SETTINGS_GROUPS[tab];
  return (
    <Alert severity="info">
      <AlertTitle component="h2">{t(TAB_LABEL[tab])}</AlertTitle>
      {t('panels.detail.settings.notYet')}
      {groups.length > 0 ? ` ${t('panels.detail.settings.groups', { groups: groups.join(', ') })}` : null}
    </Alert>
  );
}
