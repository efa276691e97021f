import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { Page, QueryState } from '../../shared/page/page.tsx';
import { useClaims } from '../../lib/session/use-claims.ts';
import { useGeneralReport } from './api/get-general-report.ts';
import { CountTables } from './count-tables.tsx';
import { DashboardCharts } from './dashboard-charts.tsx';
import { NewOrderDialog } from './new-order-dialog.tsx';
import { markNewOrderNoticeShown, newOrderNoticeShown } from './new-order-notice.ts';
import { SummaryCardList } from './summary-card-list.tsx';
import { hasWaitingOrders } from './summary-cards.ts';

/**
 * The administrator's home (spec 1 §2 "Home dashboard"): the summary cards, the four charts, the dealer-code and
 * panel-model tables, and the 'Yeni Sipariş Var' modal when orders wait for their invoice. Other users never get
 * here: the route's guard sends them to the panel list. The route's loader fetches the report (its failure shows
 * the route's error with a retry, and the gateway's one toast). The modal opens once a session (new-order-notice.ts).
 */
export function HomePage() {
  const { t } = useTranslation();
  const report = useGeneralReport();
  const user = useClaims()?.Username ?? '';
  // Asked once a session, from the report the page opened with: a later refetch, another visit of the home page, a
  // reload or a new sign-in of the same person in this browser session does not open it again.
  const [newOrderOpen, setNewOrderOpen] = useState(
    () => hasWaitingOrders(report.data.data) && !newOrderNoticeShown(user),
  );
  useEffect(() => {
    if (newOrderOpen) markNewOrderNoticeShown(user);
  }, [newOrderOpen, user]);
  const summary = report.data.data;
  return (
    <Page title={t('home.title')}>
      <QueryState
        isPending={report.isPending}
        isError={report.isError}
        errorText={t('home.loadError')}
        onRetry={() => void report.refetch()}
      >
        <Stack spacing={3}>
          <SummaryCardList report={summary} />
          <DashboardCharts report={summary} />
          <CountTables report={summary} />
        </Stack>
      </QueryState>
      <NewOrderDialog open={newOrderOpen} count={summary.waiting_order_count} onClose={() => setNewOrderOpen(false)} />
    </Page>
  );
}
