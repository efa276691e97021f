import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { ChartCard, type LazyChartGraphic } from '../../../shared/charts/chart-card.tsx';
import type { ChartKind, ChartPoint } from '../../../shared/charts/chart-graphic.tsx';

const HEIGHT = 220;

/** One row of a chart's text alternative: the month, its total and what the chart adds (band, share). */
export interface ChartTextRow {
  id: number;
  month: string;
  total: string;
  extra?: string;
}

interface ReportChartCardProps {
  kind: ChartKind;
  title: string;
  points: readonly ChartPoint[];
  /** The text alternative: a table of the values the drawing shows, read by assistive technology. */
  rows: readonly ChartTextRow[];
  /** The header of the rows' `extra` column (none: no such column). */
  extraHeader?: string;
  Graphic: LazyChartGraphic;
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
  return (
    <ChartCard
      title={title}
      drawing={{ kind, points, height: HEIGHT, labels: 'axis' }}
      Graphic={Graphic}
      onRetry={onRetry}
      loadError={t('billingReport.charts.loadError')}
      graphicTestId={`report-chart-${kind}-graphic`}
      testId={`report-chart-${kind}`}
    >
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
    </ChartCard>
  );
}
