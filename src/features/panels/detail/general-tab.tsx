import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Panel } from '@generated/api/types.gen.ts';
import { panelDisplayState, signalBars, visibleTemperature, type PanelDisplayState } from '../panel-display.ts';
import { hasGsm } from '../../../lib/panels/panel-view.ts';
import { panelStatusText } from '../status-text.ts';
import { usePanelRecord } from './api/panel-detail-queries.ts';
import { Freshness } from './freshness.tsx';

const STATE_COLOR: Record<PanelDisplayState, 'default' | 'error' | 'warning' | 'success' | 'info'> = {
  disconnected: 'default',
  fireAlarm: 'error',
  alarm: 'error',
  delay: 'warning',
  stayArmed: 'info',
  armed: 'success',
  disarmed: 'default',
};

function Reading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

/**
 * The General tab (spec 1 §2): status, armed state, partitions, signal, battery, temperature and connection,
 * as the record was loaded with the live feed's latest state over it, and how fresh that state is.
 */
export function GeneralTab({ panel, receivedAt }: { panel: Panel; receivedAt: number | undefined }) {
  const { t } = useTranslation();
  const loadedAt = usePanelRecord(panel.dev_id).dataUpdatedAt;
  const state = panelDisplayState(panel);
  const statusText = panelStatusText(t, panel);
  const temperature = visibleTemperature(panel.KLStatus?.temp);
  const yesNo = (value: boolean | undefined) => t(value ? 'panelDetail.general.yes' : 'panelDetail.general.no');
  const battery =
    panel.battary === 1
      ? t('panelDetail.general.batteryLow')
      : panel.battary === 0
        ? t('panelDetail.general.batteryCharging')
        : t('panelDetail.general.batteryMissing');
  const partitions = panel.PartList ?? [];

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Chip data-testid="panel-state" color={STATE_COLOR[state]} label={t(`panels.state.${state}`)} />
          {statusText ? <Typography data-testid="panel-status-desc">{statusText}</Typography> : null}
        </Stack>
        <Freshness updatedAt={Math.max(receivedAt ?? 0, loadedAt)} />
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, max-content) 1fr', columnGap: 3, rowGap: 1, m: 0 }}
        >
          <Reading label={t('panelDetail.general.status')}>
            {panel.status !== undefined ? `${panel.status} · ${statusText ?? ''}` : '—'}
          </Reading>
          <Reading label={t('panelDetail.general.armed')}>{yesNo(panel.armed)}</Reading>
          <Reading label={t('panelDetail.general.stayArmed')}>{yesNo(panel.stayarmed)}</Reading>
          <Reading label={t('panelDetail.general.connected')}>{yesNo(panel.connected !== false)}</Reading>
          {hasGsm(panel.model) ? (
            <Reading label={t('panelDetail.general.signal')}>
              {panel.gsmlevel !== undefined ? t('panels.signal', { bars: signalBars(panel.gsmlevel) }) : '—'}
            </Reading>
          ) : null}
          <Reading label={t('panelDetail.general.battery')}>{battery}</Reading>
          {temperature !== undefined ? (
            <Reading label={t('panelDetail.general.temperature')}>
              {t('panels.temperature', { value: temperature })}
            </Reading>
          ) : null}
          {panel.KLStatus?.power !== undefined ? (
            <Reading label={t('panelDetail.general.power')}>{yesNo(panel.KLStatus.power === 1)}</Reading>
          ) : null}
        </Box>
        {partitions.length > 0 ? (
          <Box>
            <Typography component="h2" variant="subtitle1" sx={{ mb: 1 }}>
              {t('panelDetail.general.partitions')}
            </Typography>
            <Stack component="ul" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
              {partitions.map((part) => (
                <Stack
                  component="li"
                  key={part.partno}
                  direction="row"
                  data-testid={`partition-${part.partno}`}
                  sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
                >
                  <Typography>{`${part.partno} · ${part.name ?? ''}`}</Typography>
                  <Chip
                    size="small"
                    color={part.armed ? 'success' : 'default'}
                    label={t(part.armed ? 'panels.state.armed' : 'panels.state.disarmed')}
                  />
                </Stack>
              ))}
            </Stack>
          </Box>
        ) : null}
      </Stack>
    </Paper>
  );
}
