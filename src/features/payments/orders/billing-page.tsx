/**
 * `/Payment/Billing` (menu level 2, spec 2 §2, §4): every order, filtered by billed and cancelled, with the row actions
 * details, bill (cannot be reverted) and cancel (a reason; the refund confirmed first). The list reloads after either.
 * Page, size and filters live in the URL; the billing report is one click away.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CancelIcon from '@mui/icons-material/Cancel';
import InfoIcon from '@mui/icons-material/Info';
import ReceiptIcon from '@mui/icons-material/Receipt';
import type { Order } from '@generated/api/types.gen.ts';
import { getOrdersOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { Page } from '../../../shared/page/page.tsx';
import { columnsOf } from '../../../shared/table/columns.ts';
import { DataTable } from '../../../shared/table/data-table.tsx';
import type { FilterField } from '../../../shared/table/filters.ts';
import { RowActionsButton, rowActionsStyles } from '../../../shared/table/row-actions-button.tsx';
import { RowActionsMenu, type RowAction } from '../../../shared/table/row-actions-menu.tsx';
import type { TableQueryParams } from '../../../shared/table/table-query.ts';
import { useRowActions } from '../../../shared/table/use-row-actions.ts';
import { useTableUrlState } from '../../../shared/table/use-table-state.ts';
import { paths } from '../../../lib/routing/paths.ts';
import { orderListColumns } from './order-columns.tsx';
import { billingActions, type BillingAction } from './billing-actions.ts';
import { BillOrderDialog, CancelOrderDialog, OrderDetailsDialog } from './order-dialogs.tsx';

const column = columnsOf<Order>();
const rowId = (order: Order) => order.id;

const billingQuery = ({ limit, offset, filters }: TableQueryParams) =>
  getOrdersOptions({
    query: {
      limit,
      offset,
      ...(typeof filters.is_billing === 'boolean' ? { is_billing: filters.is_billing } : {}),
      ...(typeof filters.is_canceled === 'boolean' ? { is_canceled: filters.is_canceled } : {}),
    },
  });

const ICONS: Record<BillingAction, typeof InfoIcon> = { details: InfoIcon, bill: ReceiptIcon, cancel: CancelIcon };

export function BillingPage() {
  const { t, i18n } = useTranslation();
  const { menuRow, openMenu, menuProps, open, close, rowFor } = useRowActions<Order, BillingAction>();
  const filters = useMemo<FilterField[]>(
    () => [
      {
        id: 'is_billing',
        kind: 'select',
        label: t('orders.filters.billed'),
        options: [
          { value: true, label: t('orders.invoice.billed') },
          { value: false, label: t('orders.invoice.notBilled') },
        ],
      },
      {
        id: 'is_canceled',
        kind: 'select',
        label: t('orders.filters.canceled'),
        options: [
          { value: true, label: t('orders.filters.canceledOnly') },
          { value: false, label: t('orders.filters.notCanceled') },
        ],
      },
    ],
    [t],
  );
  const columns = useMemo(
    () => [
      // The actions lead the row: the order has more columns than a phone or a laptop shows at once.
      column.custom('actions', {
        header: t('orders.columns.actions'),
        width: 90,
        minWidth: 90,
        align: 'center',
        hideable: false,
        render: (order) => (
          <RowActionsButton
            label={t('orders.actions.label', { id: order.id })}
            onOpen={(anchor) => openMenu(anchor, order)}
          />
        ),
      }),
      ...orderListColumns(t, i18n.language),
    ],
    [t, i18n.language, openMenu],
  );
  const state = useTableUrlState(filters);
  const actions = useMemo<RowAction<BillingAction>[]>(
    () =>
      menuRow
        ? billingActions(menuRow).map(({ action, reason }) => {
            const Icon = ICONS[action];
            return {
              action,
              label: t(`orders.actions.${action}`),
              reason: reason ? t(reason) : undefined,
              icon: <Icon fontSize="small" />,
            };
          })
        : [],
    [menuRow, t],
  );

  return (
    <Page
      title={t('orders.billing.title')}
      actions={
        <Button component={Link} to={paths.paymentReport} startIcon={<AssessmentIcon />} variant="outlined">
          {t('orders.report')}
        </Button>
      }
    >
      <Box sx={rowActionsStyles}>
        <DataTable
          id="billing"
          label={t('orders.billing.table')}
          columns={columns}
          filters={filters}
          getRowId={rowId}
          query={billingQuery}
          state={state}
          emptyText={t('orders.billing.empty')}
          onOpen={(order) => open('details', order)}
        />
      </Box>
      <RowActionsMenu
        {...menuProps}
        label={menuRow ? t('orders.actions.label', { id: menuRow.id }) : ''}
        actions={actions}
      />
      <OrderDetailsDialog order={rowFor('details')} onClose={close} />
      <BillOrderDialog order={rowFor('bill')} onClose={close} />
      <CancelOrderDialog order={rowFor('cancel')} onClose={close} />
    </Page>
  );
}
