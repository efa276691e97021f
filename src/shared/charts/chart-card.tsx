/**
 * The frame of a chart, the same on every page with charts (the dashboard, the billing report): a figure card with
 * its title, the drawing (arriving with the charts' chunk, hidden from assistive technology, with a retry in its
 * place when the chunk did not load) and, under it, the chart's text alternative given by the page.
 */
import { Suspense, useCallback, useId, useState, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ChartBoundary } from './chart-boundary.tsx';
import type { ChartDrawing } from './chart-graphic.tsx';
import { lazyGraphic } from './lazy-graphic.ts';

/** A fresh lazy drawing (a retry needs a new one). */
const lazyChartGraphic = lazyGraphic<ChartDrawing>(() =>
  import('./chart-graphic.tsx').then((module): ComponentType<ChartDrawing> => module.ChartGraphic),
);
export type LazyChartGraphic = ReturnType<typeof lazyChartGraphic>;

/** One lazy drawing for a page's charts, and the retry that replaces it after a failed chunk load. */
export function useChartGraphic(): { Graphic: LazyChartGraphic; retry: () => void } {
  const [Graphic, setGraphic] = useState(lazyChartGraphic);
  const retry = useCallback(() => setGraphic(lazyChartGraphic), []);
  return { Graphic, retry };
}

interface ChartCardProps {
  title: string;
  drawing: ChartDrawing;
  Graphic: LazyChartGraphic;
  onRetry: () => void;
  /** What the drawing's place says when the charts' chunk did not load. */
  loadError: string;
  /** The test id of the drawing's place. */
  graphicTestId: string;
  /** The test id of the card. */
  testId?: string;
  /** Shown in the drawing's place instead of it (a chart with nothing to draw). */
  empty?: ReactNode;
  /** The chart's text alternative (and legend), under the drawing. */
  children: ReactNode;
}

export function ChartCard(props: ChartCardProps) {
  const { title, drawing, Graphic, onRetry, loadError, graphicTestId, testId, empty, children } = props;
  const titleId = useId();
  return (
    <Card
      component="figure"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={testId}
      sx={{ m: 0, height: '100%' }}
    >
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ height: drawing.height }}>
          {empty ?? (
            <ChartBoundary message={loadError} onRetry={onRetry}>
              {/* The drawing repeats the values of the text alternative: assistive technology reads those. */}
              <Box aria-hidden sx={{ height: '100%' }} data-testid={graphicTestId}>
                <Suspense fallback={<Skeleton variant="rounded" height={drawing.height} />}>
                  <Graphic {...drawing} />
                </Suspense>
              </Box>
            </ChartBoundary>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
