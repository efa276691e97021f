import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PanelListRow } from '@generated/api/types.gen.ts';
import { usePanelLive } from '../../lib/live/use-panel-live.ts';
import { panelDisplayState, signalBars, visibleTemperature, type PanelDisplayState } from './panel-display.ts';

const CHIP_COLOR: Record<PanelDisplayState, 'default' | 'error' | 'warning' | 'success' | 'info'> = {
  disconnected: 'default',
  fireAlarm: 'error',
  alarm: 'error',
  delay: 'warning',
  stayArmed: 'info',
  armed: 'success',
  disarmed: 'default',
};

/** One panel of the list: its record, with the live feed's latest state merged over it. */
export function PanelRow({ panel }: { panel: PanelListRow }) {
  const { t } = useTranslation();
  const live = usePanelLive(panel.dev_id);
  const merged = { ...panel, ...live, KLStatus: { ...panel.KLStatus, ...live?.KLStatus } };
  const state = panelDisplayState(merged);
  const temperature = visibleTemperature(merged.KLStatus?.temp);
  const moving = (live?.zones ?? []).filter((zone) => zone.zone_status === 1).length;
  return (
    <ListItem
      divider
      data-testid={`panel-${panel.dev_id}`}
      // On a narrow screen the readings and the state move under the name rather than squeeze it.
      // A disconnected panel is greyed out (with text that keeps a readable contrast).
      sx={{
        flexWrap: 'wrap',
        columnGap: 2,
        ...(state === 'disconnected' ? { bgcolor: 'action.hover', color: 'text.secondary' } : {}),
      }}
      aria-label={`${panel.description} ${t(`panels.state.${state}`)}`}
    >
      <ListItemText
        primary={panel.description}
        secondary={`${panel.dev_id} · ${panel.model}`}
        slotProps={{ primary: { component: 'h2', variant: 'subtitle1', color: 'inherit' } }}
        sx={{ flex: '1 1 12rem', overflowWrap: 'anywhere' }}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto', whiteSpace: 'nowrap' }}>
        {merged.gsmlevel !== undefined ? (
          <Typography variant="body2" data-testid="signal">
            {t('panels.signal', { bars: signalBars(merged.gsmlevel) })}
          </Typography>
        ) : null}
        {temperature !== undefined ? (
          <Typography variant="body2">{t('panels.temperature', { value: temperature })}</Typography>
        ) : null}
        {moving > 0 ? <Chip size="small" variant="outlined" label={t('panels.motion', { count: moving })} /> : null}
        <Chip data-testid="panel-state" color={CHIP_COLOR[state]} label={t(`panels.state.${state}`)} />
      </Stack>
    </ListItem>
  );
}
