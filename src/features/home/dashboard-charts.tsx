import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Grid from '@mui/material/Grid';
import type { GeneralReport } from '@generated/api/types.gen.ts';
import { dashboardCharts } from './chart-data.ts';
import { ChartCard, lazyChartGraphic } from './chart-card.tsx';

/** The four charts of the home dashboard (spec 1 §2), two a row on a wide screen and one a row on a phone. */
export function DashboardCharts({ report }: { report: GeneralReport }) {
  const { t } = useTranslation();
  // One lazy graphic for the four charts; a retry after a failed chunk load replaces it.
  const [Graphic, setGraphic] = useState(lazyChartGraphic);
  const retry = () => setGraphic(lazyChartGraphic);
  return (
    <Grid container spacing={2} component="section" aria-label={t('home.charts.label')}>
      {dashboardCharts(report).map((chart) => (
        <Grid key={chart.id} size={{ xs: 12, md: 6 }} data-testid={`chart-${chart.id}`}>
          <ChartCard chart={chart} Graphic={Graphic} onRetry={retry} />
        </Grid>
      ))}
    </Grid>
  );
}
