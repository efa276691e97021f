/**
 * The drawn part of the console's charts (the dashboard's, the billing report's), with @mui/x-charts. This module is
 * its own chunk (chart-card.tsx loads it lazily): the charts library is large, and the page's figures, tables and the
 * charts' text alternatives do not wait for it. The drawing repeats the values of the text alternative beside it, so
 * it is hidden from assistive technology and takes no keyboard stop (the library's keyboard navigation is off), and
 * it is composed from the library's plots alone (no tooltip, legend or toolbar), which keeps the chunk smaller.
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
import { paletteColor } from './palette-color.ts';

export type ChartKind = 'line' | 'bar' | 'doughnut' | 'stacked';

/** One value of a chart: its name, its value and its colour (a CSS colour, see palette-color.ts). */
export interface ChartPoint {
  id: string | number;
  label: string;
  value: number;
  color: string;
}

/** One part of every bar of a stacked chart: its name, its colour and its value in each bar (in the points' order). */
export interface ChartStack {
  id: string;
  label: string;
  color: string;
  values: readonly number[];
}

export interface ChartDrawing {
  kind: ChartKind;
  /** The bars (a stacked chart: the bars' names; their `value` is not drawn). */
  points: readonly ChartPoint[];
  /** The parts of each bar of a `stacked` chart, bottom first. */
  stacks?: readonly ChartStack[];
  height: number;
  /**
   * Where a bar's name and value are read: `axis`, the names under the bars or the line's points and the values on
   * the y axis in the interface language (the report's months); `bars`, each value above its bar and the names in
   * the text alternative beside the drawing (the dashboard's counts).
   */
  labels: 'axis' | 'bars';
}

// Room on the right for the last name on the axis, centred under the line's last point.
const AXIS_MARGIN = { top: 16, right: 24, bottom: 4, left: 4 };
// Room above the tallest bar for its value.
const BARS_MARGIN = { top: 20, right: 8, bottom: 8, left: 0 };

/** The y axis: with names on the x axis, its numbers in the interface language (`1.500` in Turkish, `1,500` in English). */
const yAxisFor = (labels: ChartDrawing['labels'], language: string) => {
  if (labels === 'bars') return [{ tickMinStep: 1, width: 36 }];
  const number = new Intl.NumberFormat(language);
  return [{ width: 56, valueFormatter: (value: number | null) => (value === null ? '' : number.format(value)) }];
};

export function ChartGraphic({ kind, points, stacks, height, labels }: ChartDrawing) {
  const theme = useTheme();
  const { i18n } = useTranslation();
  const yAxis = useMemo(() => yAxisFor(labels, i18n.language), [labels, i18n.language]);
  const names = points.map((point) => point.label);
  const values = points.map((point) => point.value);
  const onAxis = labels === 'axis';
  const margin = onAxis ? AXIS_MARGIN : BARS_MARGIN;
  if (kind === 'doughnut') {
    return (
      <ChartsDataProvider<'pie', PieChartPluginSignatures>
        height={height}
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
        height={height}
        margin={margin}
        disableKeyboardNavigation
        plugins={LINE_CHART_PLUGINS}
        xAxis={[{ scaleType: 'point', data: names, height: 28 }]}
        yAxis={yAxis}
        series={[
          {
            type: 'line',
            data: values,
            // Straight segments between the points: a smoothed curve would draw values no point had.
            curve: 'linear',
            showMark: true,
            color: paletteColor(theme, 'primary'),
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
  const stacked = kind === 'stacked';
  return (
    <ChartsDataProvider<'bar', BarChartPluginSignatures>
      height={height}
      margin={margin}
      disableKeyboardNavigation
      plugins={BAR_CHART_PLUGINS}
      xAxis={[
        {
          scaleType: 'band',
          data: names,
          ...(onAxis ? { height: 28 } : { position: 'none' as const }),
          // Each bar in its point's colour (a stacked bar's parts have their own).
          ...(stacked
            ? {}
            : { colorMap: { type: 'ordinal', values: names, colors: points.map((point) => point.color) } }),
        },
      ]}
      yAxis={yAxis}
      series={
        stacked
          ? (stacks ?? []).map((part) => ({
              type: 'bar' as const,
              id: part.id,
              data: [...part.values],
              stack: 'total',
              color: part.color,
            }))
          : [
              onAxis
                ? { type: 'bar', data: values }
                : { type: 'bar', data: values, barLabel: 'value', barLabelPlacement: 'outside' },
            ]
      }
    >
      <ChartsSurface>
        <ChartsGrid horizontal />
        <BarPlot />
        {onAxis ? <ChartsXAxis /> : null}
        <ChartsYAxis />
      </ChartsSurface>
    </ChartsDataProvider>
  );
}
