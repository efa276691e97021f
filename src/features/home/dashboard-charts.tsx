import { useTranslation } from 'react-i18next';
import Grid from '@mui/material/Grid';
import type { GeneralReport } from '@generated/api/types.gen.ts';
import { useChartGraphic } from '../../shared/charts/chart-card.tsx';
import { dashboardCharts } from './chart-data.ts';
import { DashboardChartCard } from './dashboard-chart-card.tsx';

/** The four charts of the home dashboard (spec 1 §2), two a row on a wide screen and one a row on a phone. */
export function DashboardCharts({ report }: { report: GeneralReport }) {
  const { t } = useTranslation();
  // One lazy drawing for the four charts; a retry after a failed chunk load replaces it.
  const { Graphic, retry } = useChartGraphic();
  return (
    <Grid container spacing={2} component="section" aria-label={t('home.charts.label')}>
      {dashboardCharts(report).map((chart) => (
        <Grid key={chart.id} size={{ xs: 12, md: 6 }} data-testid={`chart-${chart.id}`}>
          <DashboardChartCard chart={chart} Graphic={Graphic} onRetry={retry} />
        </Grid>
      ))}
    </Grid>
  );
}
