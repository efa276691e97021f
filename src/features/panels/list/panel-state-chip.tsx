import { memo, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import HomeIcon from '@mui/icons-material/Home';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import LocalFireDepartmentIcon from '@mui/icons-material/LocalFireDepartment';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import type { PanelDisplayState } from '../panel-display.ts';
import { StatusBadge, type BadgeColor } from './status-badge.tsx';

const LOOK: Record<PanelDisplayState, { color: BadgeColor; icon: ReactElement }> = {
  disconnected: { color: 'default', icon: <PowerOffIcon /> },
  fireAlarm: { color: 'error', icon: <LocalFireDepartmentIcon /> },
  alarm: { color: 'error', icon: <NotificationsActiveIcon /> },
  delay: { color: 'warning', icon: <HourglassTopIcon /> },
  stayArmed: { color: 'info', icon: <HomeIcon /> },
  armed: { color: 'success', icon: <LockIcon /> },
  disarmed: { color: 'default', icon: <LockOpenIcon /> },
};

/** The panel's display state: alarm and fire alarm over everything, then the delay, then the armed state. */
export const PanelStateChip = memo(function PanelStateChip({ state }: { state: PanelDisplayState }) {
  const { t } = useTranslation();
  const { color, icon } = LOOK[state];
  return <StatusBadge data-testid="panel-state" color={color} icon={icon} label={t(`panels.state.${state}`)} />;
});
