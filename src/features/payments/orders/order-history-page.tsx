/**
 * `/Payment/History` (menu level 1, spec 2 §2): the orders the server shows the signed-in dealer or administrator,
 * paged, with each order's details on double click or Enter; the report button exports the list (every order, not
 * only the page shown) to Excel, and administrators also reach the monthly billing report.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import Button from '@mui/material/Button';
import AssessmentIcon from '@mui/icons-material/Assessment';
import type { Order } from '@generated/api/types.gen.ts';
import { getOrderHistoryOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { Page } from '../../../shared/page/page.tsx';
import { DataTable } from '../../../shared/table/data-table.tsx';
import type { TableQueryParams } from '../../../shared/table/table-query.ts';
import { useTableUrlState } from '../../../shared/table/use-table-state.ts';
import { paths } from '../../../lib/routing/paths.ts';
import { useClaims } from '../../../lib/session/use-claims.ts';
import { isAdmin } from '../../../lib/session/user-type.ts';
import { orderListColumns } from './order-columns.tsx';
import { OrderDetailsDialog } from './order-dialogs.tsx';

const rowId = (order: Order) => order.id;
const historyQuery = ({ limit, offset }: TableQueryParams) => getOrderHistoryOptions({ query: { limit, offset } });

export function OrderHistoryPage() {
  const { t, i18n } = useTranslation();
  const claims = useClaims();
  const [details, setDetails] = useState<Order>();
  const columns = useMemo(() => orderListColumns(t, i18n.language), [t, i18n.language]);
  const state = useTableUrlState(useMemo(() => [], []));
  const close = useCallback(() => setDetails(undefined), []);
  return (
    <Page
      title={t('orders.history.title')}
      actions={
        isAdmin(claims?.UserType) ? (
          <Button component={Link} to={paths.paymentReport} startIcon={<AssessmentIcon />} variant="outlined">
            {t('orders.report')}
          </Button>
        ) : null
      }
    >
      <DataTable
        id="order-history"
        label={t('orders.history.table')}
        columns={columns}
        getRowId={rowId}
        query={historyQuery}
        state={state}
        emptyText={t('orders.history.empty')}
        onOpen={setDetails}
      />
      <OrderDetailsDialog order={details} onClose={close} />
    </Page>
  );
}
