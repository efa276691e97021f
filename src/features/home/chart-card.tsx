import { Suspense, useId, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { hasChartData, type DashboardChart } from './chart-data.ts';
import { ChartBoundary } from '../../shared/charts/chart-boundary.tsx';
import { lazyGraphic } from '../../shared/charts/lazy-graphic.ts';

const HEIGHT = 200;

type GraphicComponent = ComponentType<{ chart: DashboardChart }>;

/** A fresh lazy graphic (a retry needs a new one). */
export const lazyChartGraphic = lazyGraphic<{ chart: DashboardChart }>(() =>
  import('./chart-graphic.tsx').then((module): GraphicComponent => module.ChartGraphic),
);
export type LazyChartGraphic = ReturnType<typeof lazyChartGraphic>;

interface ChartCardProps {
  chart: DashboardChart;
  Graphic: LazyChartGraphic;
  onRetry: () => void;
}

/**
 * One dashboard chart: its title, the drawn chart and, as its text alternative and legend, every value with its
 * label and colour. The values show at once; the drawing arrives with the charts' chunk.
 */
export function ChartCard({ chart, Graphic, onRetry }: ChartCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const title = t(chart.titleKey);
  return (
    <Card component="figure" variant="outlined" aria-labelledby={titleId} sx={{ m: 0, height: '100%' }}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ height: HEIGHT }}>
          {hasChartData(chart) ? (
            <ChartBoundary message={t('home.charts.loadError')} onRetry={onRetry}>
              {/* The drawing repeats the labelled values below: assistive technology reads those. */}
              <Box aria-hidden sx={{ height: '100%' }} data-testid={`chart-${chart.id}-graphic`}>
                <Suspense fallback={<Skeleton variant="rounded" height={HEIGHT} />}>
                  <Graphic chart={chart} />
                </Suspense>
              </Box>
            </ChartBoundary>
          ) : (
            <Typography color="text.secondary" sx={{ pt: 2 }}>
              {t('home.charts.noData')}
            </Typography>
          )}
        </Box>
        <Box
          component="dl"
          aria-label={t('home.charts.values', { chart: title })}
          data-testid={`chart-${chart.id}-values`}
          sx={{ m: 0, mt: 2, display: 'grid', gap: 0.5 }}
        >
          {chart.items.map((item) => (
            <Box key={item.id} data-testid={`chart-${chart.id}-${item.id}`} sx={{ display: 'flex', gap: 1 }}>
              <Box
                component="dt"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1, minWidth: 0, color: 'text.secondary' }}
              >
                <Box
                  component="span"
                  aria-hidden
                  sx={{ width: 12, height: 12, borderRadius: 0.5, flexShrink: 0, bgcolor: `${item.color}.main` }}
                />
                {t(item.labelKey)}
              </Box>
              <Box component="dd" sx={{ m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>
                {number.format(item.value)}
              </Box>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
