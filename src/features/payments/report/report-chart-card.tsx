import { Suspense, useId, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { ChartPoint, ReportChartKind } from './report-chart-graphic.tsx';
import { ChartBoundary } from '../../../shared/charts/chart-boundary.tsx';
import { lazyGraphic } from '../../../shared/charts/lazy-graphic.ts';

const HEIGHT = 220;

type GraphicComponent = ComponentType<{ kind: ReportChartKind; points: readonly ChartPoint[] }>;

/** A fresh lazy graphic (a retry needs a new one). */
export const lazyReportGraphic = lazyGraphic<{ kind: ReportChartKind; points: readonly ChartPoint[] }>(() =>
  import('./report-chart-graphic.tsx').then((module): GraphicComponent => module.ReportChartGraphic),
);
export type LazyReportGraphic = ReturnType<typeof lazyReportGraphic>;

/** One row of a chart's text alternative: the month, its total and what the chart adds (band, share). */
export interface ChartTextRow {
  id: number;
  month: string;
  total: string;
  extra?: string;
}

interface ReportChartCardProps {
  kind: ReportChartKind;
  title: string;
  points: readonly ChartPoint[];
  /** The text alternative: a table of the values the drawing shows, read by assistive technology. */
  rows: readonly ChartTextRow[];
  /** The header of the rows' `extra` column (none: no such column). */
  extraHeader?: string;
  Graphic: LazyReportGraphic;
  onRetry: () => void;
  /** Shown under the drawing (the bar chart's colour legend). */
  footer?: ReactNode;
}

/**
 * One chart of the report: its title, the drawing (arriving with the charts' chunk, hidden from assistive
 * technology) and, as its text alternative, a visually hidden table of every month's value.
 */
export function ReportChartCard(props: ReportChartCardProps) {
  const { kind, title, points, rows, extraHeader, Graphic, onRetry, footer } = props;
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card
      component="figure"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={`report-chart-${kind}`}
      sx={{ m: 0, height: '100%' }}
    >
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        <ChartBoundary message={t('billingReport.charts.loadError')} onRetry={onRetry}>
          <Box aria-hidden sx={{ height: HEIGHT }} data-testid={`report-chart-${kind}-graphic`}>
            <Suspense fallback={<Skeleton variant="rounded" height={HEIGHT} />}>
              <Graphic kind={kind} points={points} />
            </Suspense>
          </Box>
        </ChartBoundary>
        {footer}
        <Box component="table" sx={visuallyHidden} data-testid={`report-chart-${kind}-values`}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('billingReport.charts.month')}</th>
              <th scope="col">{t('billingReport.charts.total')}</th>
              {extraHeader && <th scope="col">{extraHeader}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.month}</th>
                <td>{row.total}</td>
                {extraHeader && <td>{row.extra}</td>}
              </tr>
            ))}
          </tbody>
        </Box>
      </CardContent>
    </Card>
  );
}
