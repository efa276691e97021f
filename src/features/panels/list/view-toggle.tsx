import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ViewListIcon from '@mui/icons-material/ViewList';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import type { PanelViewMode } from './view-mode.ts';

/**
 * Card view or list view (spec 1 §2): two toggle buttons, the pressed one being the view shown. Plain icon buttons
 * rather than MUI's ToggleButtonGroup, which would add its weight to the page's first paint.
 */
export function ViewToggle({ mode, onChange }: { mode: PanelViewMode; onChange: (mode: PanelViewMode) => void }) {
  const { t } = useTranslation();
  const option = (value: PanelViewMode, label: string, icon: React.ReactNode) => (
    <IconButton
      aria-label={label}
      aria-pressed={mode === value}
      color={mode === value ? 'primary' : 'default'}
      onClick={() => onChange(value)}
      sx={{ borderRadius: 1, ...(mode === value && { bgcolor: 'action.selected' }) }}
    >
      {icon}
    </IconButton>
  );
  return (
    <Stack direction="row" role="group" aria-label={t('panels.list.view.label')} sx={{ gap: 0.5 }}>
      {option('cards', t('panels.list.view.cards'), <ViewModuleIcon />)}
      {option('rows', t('panels.list.view.rows'), <ViewListIcon />)}
    </Stack>
  );
}
