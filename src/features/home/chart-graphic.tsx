/**
 * The drawn part of a dashboard chart, with @mui/x-charts. This module is its own chunk (chart-card.tsx loads it
 * lazily): the charts library is large, and the page's figures, tables and the charts' text alternatives do not
 * wait for it. The graphic repeats the labelled values beside it, so it is hidden from assistive technology and
 * takes no keyboard stop (the library's keyboard navigation is off), and it is composed from the library's plots
 * alone (no tooltip, legend or toolbar), which keeps the chunk smaller. Colours
 * are the theme's palette variables, so the charts follow the light and the dark theme.
 */
import { useTranslation } from 'react-i18next';
import { useTheme, type Theme } from '@mui/material/styles';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { BarPlot, BAR_CHART_PLUGINS, type BarChartPluginSignatures } from '@mui/x-charts/BarChart';
import { PiePlot, PIE_CHART_PLUGINS, type PieChartPluginSignatures } from '@mui/x-charts/PieChart';
import type { ChartColor, DashboardChart } from './chart-data.ts';

const HEIGHT = 200;

/** The palette colour as a CSS variable where the theme has them (it switches with the colour scheme). */
const paletteColor = (theme: Theme, color: ChartColor): string =>
  theme.vars?.palette[color].main ?? theme.palette[color].main;

export function ChartGraphic({ chart }: { chart: DashboardChart }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const labels = chart.items.map((item) => t(item.labelKey));
  const colors = chart.items.map((item) => paletteColor(theme, item.color));
  if (chart.kind === 'doughnut') {
    return (
      <ChartsDataProvider<'pie', PieChartPluginSignatures>
        height={HEIGHT}
        margin={8}
        disableKeyboardNavigation
        plugins={PIE_CHART_PLUGINS}
        series={[
          {
            type: 'pie',
            innerRadius: '55%',
            outerRadius: '95%',
            paddingAngle: 2,
            cornerRadius: 4,
            // A slice of nothing would still leave its padding gap in the ring.
            data: chart.items
              .map((item, index) => ({ id: item.id, value: item.value, label: labels[index], color: colors[index] }))
              .filter((slice) => slice.value > 0),
          },
        ]}
      >
        <ChartsSurface>
          <PiePlot />
        </ChartsSurface>
      </ChartsDataProvider>
    );
  }
  return (
    <ChartsDataProvider<'bar', BarChartPluginSignatures>
      height={HEIGHT}
      margin={{ top: 20, right: 8, bottom: 8, left: 0 }}
      disableKeyboardNavigation
      plugins={BAR_CHART_PLUGINS}
      xAxis={[
        { scaleType: 'band', data: labels, position: 'none', colorMap: { type: 'ordinal', values: labels, colors } },
      ]}
      yAxis={[{ tickMinStep: 1, width: 36 }]}
      series={[
        { type: 'bar', data: chart.items.map((item) => item.value), barLabel: 'value', barLabelPlacement: 'outside' },
      ]}
    >
      <ChartsSurface>
        <ChartsGrid horizontal />
        <BarPlot />
        <ChartsYAxis />
      </ChartsSurface>
    </ChartsDataProvider>
  );
}
