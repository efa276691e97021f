/**
 * The billing report (`/Payment/Report`, administrators; spec 2 "Billing report screen"): breadcrumb back to
 * Billing, start and end date pickers (the first day of the year to today, or the URL's range) and "Get report",
 * the 500-order note, a card per month with its total in TL, three charts of the monthly totals, and the chosen
 * month's orders in the console's table. The range and the month live in the URL, so a report can be reloaded and
 * shared. The charts' library, the table's grid and exceljs each load in their own chunk.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths, routes } from '../../../lib/routing/paths.ts';
import type { validateReportSearch } from '../../../lib/routing/payment-search.ts';
import { useRouteSearch } from '../../../lib/routing/use-route-params.ts';
import { QueryState } from '../../../shared/page/page.tsx';
import { orderReportOptions } from './api/get-order-report.ts';
import { ExportReportButton } from './export-report-button.tsx';
import { MonthCards } from './month-cards.tsx';
import { MonthOrdersTable } from './month-orders-table.tsx';
import { ReportCharts } from './report-charts.tsx';
import { reachedLimit, REPORT_PAGE, reportMonths, reportRange, type ReportRange } from './report-data.ts';
import { PageFrame } from '../../../shared/page/page-frame.tsx';

// The date pickers (with their texts) are a chunk of their own, fetched beside the report: the page's first chunk
// stays within the route budget.
const ReportRangeForm = lazy(() =>
  import('./report-range-form.tsx').then((module) => ({ default: module.ReportRangeForm })),
);

/** The form's place while its chunk loads: the pickers' and the buttons' height. */
const formFallback = <Skeleton variant="rounded" height={40} sx={{ maxWidth: 720 }} />;

export function BillingReportPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  // The loose search keeps what the URL says; the route's own rule decides what of it counts.
  const search = useRouteSearch<typeof validateReportSearch>();
  const [today] = useState(() => new Date());
  const range = reportRange(search, today);
  const report = useQuery(orderReportOptions(range));
  const entries = report.data?.data;
  const months = useMemo(() => (entries ? reportMonths(entries, i18n.language) : undefined), [entries, i18n.language]);
  const month = months?.find((entry) => entry.id === search.month);
  // Whether the month was chosen on this page (then its table is brought into view), not opened from a link.
  const [chosen, setChosen] = useState(false);

  const ask = (next: ReportRange) => {
    if (next.begin === range.begin && next.end === range.end) {
      void report.refetch();
      // The URL always names the range asked for, the default one too.
      if (search.begin === undefined || search.end === undefined) {
        void navigate({ to: routes.paymentReport, search: { ...next, month: search.month }, replace: true });
      }
      return;
    }
    setChosen(false);
    void navigate({ to: routes.paymentReport, search: next });
  };

  const atLimit = entries !== undefined && reachedLimit(entries);
  return (
    <PageFrame
      crumbsLabel={t('billingReport.breadcrumb')}
      trail={[{ label: t('menu.billing'), to: paths.billing }]}
      title={t('billingReport.title')}
      headingGap={3}
    >
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Suspense fallback={formFallback}>
            <ReportRangeForm
              key={`${range.begin}|${range.end}`}
              range={range}
              onSubmit={ask}
              pending={report.isFetching}
              actions={<ExportReportButton months={months} range={range} />}
            />
          </Suspense>
          {atLimit ? (
            <Alert severity="warning" data-testid="report-limit">
              {t('billingReport.limitReached', { limit: REPORT_PAGE.limit })}
            </Alert>
          ) : (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="report-limit">
              {t('billingReport.limitNote', { limit: REPORT_PAGE.limit })}
            </Typography>
          )}
        </Stack>
        <QueryState
          isPending={report.isPending}
          isError={report.isError}
          isEmpty={months?.length === 0}
          errorText={t('billingReport.loadError')}
          emptyText={t('billingReport.empty')}
          onRetry={() => void report.refetch()}
        >
          {months && (
            <Stack spacing={3}>
              <MonthCards months={months} range={range} selected={month?.id} onSelect={() => setChosen(true)} />
              <ReportCharts months={months} />
              {month ? (
                <MonthOrdersTable key={month.id} month={month} range={range} reveal={chosen} />
              ) : (
                <Alert severity="info" data-testid="report-choose-month">
                  {t('billingReport.chooseMonth')}
                </Alert>
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </PageFrame>
  );
}
