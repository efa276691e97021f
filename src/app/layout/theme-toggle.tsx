import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useColorScheme } from '@mui/material/styles';
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import LightModeIcon from '@mui/icons-material/LightMode';
import DarkModeIcon from '@mui/icons-material/DarkMode';

const NEXT = { system: 'light', light: 'dark', dark: 'system' } as const;
const ICON = { system: BrightnessAutoIcon, light: LightModeIcon, dark: DarkModeIcon };
const LABEL = { system: 'layout.themeSystem', light: 'layout.themeLight', dark: 'layout.themeDark' } as const;

/** Follows the system by default; the toggle cycles system, light, dark (MUI remembers the choice). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { mode, setMode } = useColorScheme();
  const current = mode ?? 'system';
  const Icon = ICON[current];
  const label = `${t('layout.theme')}: ${t(LABEL[current])}`;
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => setMode(NEXT[current])}>
        <Icon />
      </IconButton>
    </Tooltip>
  );
}
