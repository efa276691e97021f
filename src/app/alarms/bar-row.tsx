/**
 * One row of the alarm bar (an alarm, or a notice that someone is guessing a panel's password): what it says, then
 * "Go to panel" and the row's own action (acknowledge, dismiss), stacked on a phone.
 */
import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { paths } from '../../lib/routing/paths.ts';

interface BarRowProps {
  children: ReactNode;
  devId: number;
  /** The panel as the buttons' labels name it. */
  name: string;
  action: { text: string; label: string; run: () => void };
  textSx?: SxProps<Theme>;
}

export function BarRow({ children, devId, name, action, textSx }: BarRowProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Box sx={textSx ?? { minWidth: 0 }}>{children}</Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          aria-label={t('alarms.goToPanelLabel', { name })}
          onClick={() => void navigate({ to: paths.panelDetail(devId) })}
        >
          {t('alarms.goToPanel')}
        </Button>
        <Button color="inherit" variant="outlined" size="small" aria-label={action.label} onClick={action.run}>
          {action.text}
        </Button>
      </Stack>
    </Stack>
  );
}
