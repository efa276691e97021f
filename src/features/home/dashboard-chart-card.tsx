import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ChartCard, type LazyChartGraphic } from '../../shared/charts/chart-card.tsx';
import { paletteColor } from '../../shared/charts/palette-color.ts';
import { hasChartData, type DashboardChart } from './chart-data.ts';

const HEIGHT = 200;

interface DashboardChartCardProps {
  chart: DashboardChart;
  Graphic: LazyChartGraphic;
  onRetry: () => void;
}

/**
 * One dashboard chart: its title, the drawn chart and, as its text alternative and legend, every value with its
 * label and colour. The values show at once; the drawing arrives with the charts' chunk.
 */
export function DashboardChartCard({ chart, Graphic, onRetry }: DashboardChartCardProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const number = new Intl.NumberFormat(i18n.language);
  const title = t(chart.titleKey);
  const points = chart.items.map((item) => ({
    id: item.id,
    label: t(item.labelKey),
    value: item.value,
    color: paletteColor(theme, item.color),
  }));
  return (
    <ChartCard
      title={title}
      drawing={{ kind: chart.kind, points, height: HEIGHT, labels: 'bars' }}
      Graphic={Graphic}
      onRetry={onRetry}
      loadError={t('home.charts.loadError')}
      graphicTestId={`chart-${chart.id}-graphic`}
      empty={
        hasChartData(chart) ? undefined : (
          <Typography color="text.secondary" sx={{ pt: 2 }}>
            {t('home.charts.noData')}
          </Typography>
        )
      }
    >
      <Box
        component="dl"
        aria-label={t('home.charts.values', { chart: title })}
        data-testid={`chart-${chart.id}-values`}
        sx={{ m: 0, mt: 2, display: 'grid', gap: 0.5 }}
      >
        {chart.items.map((item, index) => (
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
              {points[index]?.label}
            </Box>
            <Box component="dd" sx={{ m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>
              {number.format(item.value)}
            </Box>
          </Box>
        ))}
      </Box>
    </ChartCard>
  );
}
