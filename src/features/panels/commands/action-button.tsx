/**
 * A panel's action as a button (spec 1 §3, §4), on the panel list's cards and rows and on the panel detail: its icon
 * and name, and, when it cannot be used now, disabled with its reason as a hint and as its accessible description.
 * Also the answer to a click whose dialog's code is still loading.
 */
import { useId, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { visuallyHidden } from '@mui/utils';
import HomeIcon from '@mui/icons-material/Home';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LoginIcon from '@mui/icons-material/Login';
import SensorsIcon from '@mui/icons-material/Sensors';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import TuneIcon from '@mui/icons-material/Tune';
import type { OfferedAction, PanelAction } from './panel-actions-model.ts';

const ICONS: Record<string, ReactElement> = {
  open: <LoginIcon />,
  ARM: <LockIcon />,
  STAYARM: <HomeIcon />,
  DISARM: <LockOpenIcon />,
  zones: <SensorsIcon />,
  outputs: <ToggleOnIcon />,
  program: <TuneIcon />,
};

function iconOf(action: PanelAction): ReactElement {
  if (action.kind === 'command') return ICONS[action.command]!;
  return ICONS[action.kind]!;
}

export function ActionButton({
  offered,
  label,
  compact,
  onClick,
}: {
  offered: OfferedAction;
  label: string;
  compact: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const reason = offered.disabledReason ? t(offered.disabledReason) : undefined;
  const common = {
    onClick,
    disabled: reason !== undefined,
    'aria-describedby': reason ? reasonId : undefined,
    'data-testid': `action-${offered.key}`,
  };
  const button = compact ? (
    <IconButton {...common} aria-label={label} size="small">
      {iconOf(offered.action)}
    </IconButton>
  ) : (
    <Button {...common} size="small" variant="outlined" startIcon={iconOf(offered.action)}>
      {label}
    </Button>
  );
  // The hint is the browser's own tooltip (`title`): MUI's Tooltip would add its positioning engine to the list's
  // first paint. A disabled button hears no pointer events, so the hint sits on a wrapper; its reason is also the
  // button's accessible description.
  return (
    <span title={reason ?? (compact ? label : undefined)}>
      {button}
      {reason ? (
        <Box component="span" id={reasonId} sx={visuallyHidden}>
          {reason}
        </Box>
      ) : null}
    </span>
  );
}

/** The name of an action: the command, with the partition it is for; the list's other actions. */
export function useActionLabel(): (offered: OfferedAction) => string {
  const { t } = useTranslation();
  return ({ action }) => {
    switch (action.kind) {
      case 'open':
        return t('commands.open');
      case 'zones':
        return t('commands.zones');
      case 'outputs':
        return t('commands.outputs');
      case 'program':
        return t('commands.program');
      case 'command': {
        const part = action.partition?.name ?? String(action.partition?.partno ?? '');
        if (action.partition) {
          return action.command === 'DISARM' ? t('commands.disarmPart', { part }) : t('commands.armPart', { part });
        }
        if (action.command === 'ARM') return t('commands.arm');
        if (action.command === 'STAYARM') return t('commands.stayArm');
        return t('commands.disarm');
      }
    }
  };
}
