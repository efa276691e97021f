/**
 * The drawn part of the billing report's charts, with @mui/x-charts. This module is its own chunk
 * (report-chart-card.tsx loads it lazily): the charts library is large, and the cards, the table and the charts'
 * text alternatives do not wait for it. The drawing repeats the values of the text alternative beside it, so it is
 * hidden from assistive technology and takes no keyboard stop, and it is composed from the library's plots alone
 * (no tooltip, legend or toolbar), which keeps the chunk smaller.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material/styles';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { BarPlot, BAR_CHART_PLUGINS, type BarChartPluginSignatures } from '@mui/x-charts/BarChart';
import { LinePlot, LINE_CHART_PLUGINS, MarkPlot, type LineChartPluginSignatures } from '@mui/x-charts/LineChart';
import { PiePlot, PIE_CHART_PLUGINS, type PieChartPluginSignatures } from '@mui/x-charts/PieChart';

export const CHART_HEIGHT = 220;

export type ReportChartKind = 'line' | 'bar' | 'doughnut';

/** One month of a chart: its axis name, its total and its colour (a CSS colour). */
export interface ChartPoint {
  id: number;
  label: string;
  value: number;
  color: string;
}

// Room on the right for the last month's axis name, centred under the line's last point.
const MARGIN = { top: 16, right: 24, bottom: 4, left: 4 };
/** The y axis, its numbers in the interface language (`1.500` in Turkish, `1,500` in English). */
const yAxisFor = (language: string) => {
  const number = new Intl.NumberFormat(language);
  return [{ width: 56, valueFormatter: (value: number | null) => (value === null ? '' : number.format(value)) }];
};

export function ReportChartGraphic({ kind, points }: { kind: ReportChartKind; points: readonly ChartPoint[] }) {
  const theme = useTheme();
  const { i18n } = useTranslation();
  const yAxis = useMemo(() => yAxisFor(i18n.language), [i18n.language]);
  const labels = points.map((point) => point.label);
  const values = points.map((point) => point.value);
  if (kind === 'doughnut') {
    return (
      <ChartsDataProvider<'pie', PieChartPluginSignatures>
        height={CHART_HEIGHT}
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
            data: points
              .filter((point) => point.value > 0)
              .map((point) => ({ id: point.id, value: point.value, label: point.label, color: point.color })),
          },
        ]}
      >
        <ChartsSurface>
          <PiePlot />
        </ChartsSurface>
      </ChartsDataProvider>
    );
  }
  if (kind === 'line') {
    return (
      <ChartsDataProvider<'line', LineChartPluginSignatures>
        height={CHART_HEIGHT}
        margin={MARGIN}
        disableKeyboardNavigation
        plugins={LINE_CHART_PLUGINS}
        xAxis={[{ scaleType: 'point', data: labels, height: 28 }]}
        yAxis={yAxis}
        series={[
          {
            type: 'line',
            data: values,
            // Straight segments between the months: a smoothed curve would draw totals no month had.
            curve: 'linear',
            showMark: true,
            color: theme.vars?.palette.primary.main ?? theme.palette.primary.main,
          },
        ]}
      >
        <ChartsSurface>
          <ChartsGrid horizontal />
          <LinePlot />
          <MarkPlot />
          <ChartsXAxis />
          <ChartsYAxis />
        </ChartsSurface>
      </ChartsDataProvider>
    );
  }
  return (
    <ChartsDataProvider<'bar', BarChartPluginSignatures>
      height={CHART_HEIGHT}
      margin={MARGIN}
      disableKeyboardNavigation
      plugins={BAR_CHART_PLUGINS}
      xAxis={[
        {
          scaleType: 'band',
          data: labels,
          height: 28,
          // Each bar in its price band's colour (report-data.ts).
          colorMap: { type: 'ordinal', values: labels, colors: points.map((point) => point.color) },
        },
      ]}
      yAxis={yAxis}
      series={[{ type: 'bar', data: values }]}
    >
      <ChartsSurface>
        <ChartsGrid horizontal />
        <BarPlot />
        <ChartsXAxis />
        <ChartsYAxis />
      </ChartsSurface>
    </ChartsDataProvider>
  );
}
