import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { useTheme } from '@mui/material/styles';
import { useChartGraphic } from '../../../shared/charts/chart-card.tsx';
import { paletteColor } from '../../../shared/charts/palette-color.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import { BAND_COLORS, bandBound, BANDS_RISING, shareOf, type PriceBand, type ReportMonth } from './report-data.ts';
import { ReportChartCard, type ChartTextRow } from './report-chart-card.tsx';

/** A band's name: `Up to 500,00 TL`, `Above 750,00 TL`. */
function useBandLabel() {
  const { t, i18n } = useTranslation();
  return (band: PriceBand) => {
    const amount = formatPrice(bandBound(band), i18n.language);
    return band === 'red' ? t('billingReport.charts.upTo', { amount }) : t('billingReport.charts.above', { amount });
  };
}

function BandLegend() {
  const bandLabel = useBandLabel();
  return (
    <Box
      component="ul"
      data-testid="report-band-legend"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
    >
      {BANDS_RISING.map((band) => (
        <Box
          component="li"
          key={band}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, typography: 'body2', color: 'text.secondary' }}
        >
          <Box
            component="span"
            aria-hidden
            sx={{ width: 12, height: 12, borderRadius: 0.5, flexShrink: 0, bgcolor: BAND_COLORS[band] }}
          />
          {bandLabel(band)}
        </Box>
      ))}
    </Box>
  );
}

/**
 * The report's three charts of the monthly totals in chronological order (spec 2): a line, bars coloured by the
 * spec's price bands, and a doughnut whose slices take the month cards' colours. Each has a text alternative.
 */
export function ReportCharts({ months }: { months: readonly ReportMonth[] }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const bandLabel = useBandLabel();
  // One lazy drawing for the three charts; a retry after a failed chunk load replaces it.
  const { Graphic, retry } = useChartGraphic();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });

  const rows = (extra?: (month: ReportMonth) => string): ChartTextRow[] =>
    months.map((month) => ({
      id: month.id,
      month: month.name,
      total: formatPrice(month.total, i18n.language),
      extra: extra?.(month),
    }));
  const points = (color: (month: ReportMonth) => string) =>
    months.map((month) => ({ id: month.id, label: month.shortName, value: month.total, color: color(month) }));
  const monthColor = (month: ReportMonth) => paletteColor(theme, month.variant);

  return (
    <Grid container spacing={2} component="section" aria-label={t('billingReport.charts.label')}>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <ReportChartCard
          kind="line"
          title={t('billingReport.charts.line')}
          points={points(monthColor)}
          rows={rows()}
          Graphic={Graphic}
          onRetry={retry}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <ReportChartCard
          kind="bar"
          title={t('billingReport.charts.bar')}
          points={points((month) => BAND_COLORS[month.band])}
          rows={rows((month) => bandLabel(month.band))}
          extraHeader={t('billingReport.charts.band')}
          Graphic={Graphic}
          onRetry={retry}
          footer={<BandLegend />}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <ReportChartCard
          kind="doughnut"
          title={t('billingReport.charts.doughnut')}
          points={points(monthColor)}
          rows={rows((month) => percent.format(shareOf(month.total, months) / 100))}
          extraHeader={t('billingReport.charts.share')}
          Graphic={Graphic}
          onRetry={retry}
        />
      </Grid>
    </Grid>
  );
}
