/**
 * A roll-out's stages as a stacked bar chart: each bar a stage, its parts the share of the stage's panels in each
 * state (done, failed, not back online, updating, waiting), with a key of the colours, and the same figures in text
 * beneath (the drawing is hidden from assistive technology: the text says it all).
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Rollout, RolloutPanelState } from '@generated/api/types.gen.ts';
import { ChartCard, useChartGraphic } from '../../../shared/charts/chart-card.tsx';
import { paletteColor, type PaletteName } from '../../../shared/charts/palette-color.ts';
import { percentOf, stageText } from './rollout-texts.ts';

/** The parts of a stage's bar, bottom first, and their colours (waiting: the theme's neutral grey). */
const PARTS: readonly { state: RolloutPanelState; color: PaletteName | 'grey' }[] = [
  { state: 'done', color: 'success' },
  { state: 'failed', color: 'error' },
  { state: 'not_back_online', color: 'warning' },
  { state: 'updating', color: 'info' },
  { state: 'waiting', color: 'grey' },
];

export function StagesChart({ rollout }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { Graphic, retry } = useChartGraphic();
  const points = rollout.stages.map((stage) => ({
    id: stage.stage,
    label: t('firmwareRollouts.chart.stage', { stage: stage.stage }),
    value: stage.size,
    color: paletteColor(theme, 'primary'),
  }));
  const stacks = PARTS.map(({ state, color }) => ({
    id: state,
    label: t(`firmwareRollouts.panelState.${state}`),
    color: color === 'grey' ? (theme.vars?.palette.grey[500] ?? theme.palette.grey[500]) : paletteColor(theme, color),
    values: rollout.stages.map((stage) => percentOf(stage[state], stage.size)),
  }));
  return (
    <ChartCard
      title={t('firmwareRollouts.chart.title')}
      drawing={{ kind: 'stacked', points, stacks, height: 180, labels: 'axis' }}
      Graphic={Graphic}
      onRetry={retry}
      loadError={t('firmwareRollouts.chart.loadError')}
      graphicTestId="rollout-chart-graphic"
      testId="rollout-chart"
    >
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1 }} aria-hidden>
        {stacks.map((part) => (
          <Stack key={part.id} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: part.color }} />
            <Typography variant="body2">{part.label}</Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('firmwareRollouts.chart.caption')}
      </Typography>
      <ul data-testid="rollout-stages">
        {rollout.stages.map((stage) => (
          <li key={stage.stage}>
            <Typography variant="body2">{stageText(t, stage)}</Typography>
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}
