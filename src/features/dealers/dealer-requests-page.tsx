/**
 * `/Dealer/Requests` (menu level 2, spec 2 §2, §4): every dealership request with its dealer, requester, e-mail,
 * phone, seller company, tax plate and logo (opened in the photo viewer), state and operations (activate or reject
 * the dealership, only while it is pending). Filtered by state and search text, paged by limit and offset (10 a
 * page); page, size and filters live in the URL.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import ImageIcon from '@mui/icons-material/Image';
import type { DealerRequest, DealerRequestState } from '@generated/api/types.gen.ts';
import { getDealerRequestsOptions } from '@generated/api/@tanstack/react-query.gen.ts';
import { Page } from '../../shared/page/page.tsx';
import { columnsOf } from '../../shared/table/columns.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import type { FilterField } from '../../shared/table/filters.ts';
import { RowActionsButton, rowActionsStyles } from '../../shared/table/row-actions-button.tsx';
import { RowActionsMenu, type RowAction } from '../../shared/table/row-actions-menu.tsx';
import type { TableQueryParams } from '../../shared/table/table-query.ts';
import { useRowActions } from '../../shared/table/use-row-actions.ts';
import { useTableUrlState } from '../../shared/table/use-table-state.ts';
import { ApproveRequestDialog, RejectRequestDialog } from './dealer-request-dialogs.tsx';
import { PhotoViewerDialog, type Photo } from './photo-viewer-dialog.tsx';
import { REQUEST_STATES, requestActions, STATE_COLORS, STATE_KEYS, type RequestAction } from './request-actions.ts';

const column = columnsOf<DealerRequest>();
const rowId = (request: DealerRequest) => request.id;

const requestsQuery = ({ limit, offset, filters }: TableQueryParams) =>
  getDealerRequestsOptions({
    query: {
      limit,
      offset,
      ...(typeof filters.search === 'string' && filters.search.trim() ? { search: filters.search.trim() } : {}),
      ...(typeof filters.state === 'number' ? { state: filters.state as DealerRequestState } : {}),
    },
  });

const ICONS = { approve: CheckCircleIcon, reject: DoNotDisturbIcon } as const;

/** A file's cell: a button opening it in the photo viewer, or "None". */
function fileCell(t: TFunction, url: string | null, label: string, open: (photo: Photo) => void, title: string) {
  if (!url) return t('dealerRequests.files.none');
  return (
    <Button size="small" startIcon={<ImageIcon />} aria-label={label} onClick={() => open({ title, url })}>
      {t('dealerRequests.files.view')}
    </Button>
  );
}

export function DealerRequestsPage() {
  const { t } = useTranslation();
  const { menuRow, openMenu, menuProps, close, rowFor } = useRowActions<DealerRequest, RequestAction>();
  const [photo, setPhoto] = useState<Photo>();
  const filters = useMemo<FilterField[]>(
    () => [
      { id: 'search', kind: 'text', label: t('dealerRequests.filters.search') },
      {
        id: 'state',
        kind: 'select',
        label: t('dealerRequests.filters.state'),
        options: REQUEST_STATES.map((state) => ({ value: state, label: t(STATE_KEYS[state]) })),
      },
    ],
    [t],
  );
  const columns = useMemo(() => {
    const taxPlate = (request: DealerRequest): Photo => ({
      title: t('dealerRequests.files.taxPlateOf', { dealer: request.dealer_name }),
      url: request.tax_plate_link,
    });
    return [
      // The operations and the state lead the row: a phone shows only the first columns.
      column.custom('actions', {
        header: t('dealerRequests.columns.actions'),
        width: 110,
        minWidth: 110,
        align: 'center',
        hideable: false,
        render: (request) => (
          <RowActionsButton
            label={t('dealerRequests.actions.label', { id: request.id })}
            onOpen={(anchor) => openMenu(anchor, request)}
          />
        ),
      }),
      column.field('dealer_name', {
        header: t('dealerRequests.columns.dealerName'),
        hideable: false,
        flex: 1,
        minWidth: 160,
      }),
      column.field('state', {
        header: t('dealerRequests.columns.state'),
        minWidth: 130,
        format: (state) => t(STATE_KEYS[state]),
        render: (request) => (
          <Chip
            size="small"
            variant="outlined"
            color={STATE_COLORS[request.state]}
            label={t(STATE_KEYS[request.state])}
          />
        ),
      }),
      column.field('name', { header: t('dealerRequests.columns.name'), flex: 1, minWidth: 140 }),
      column.field('email', { header: t('dealerRequests.columns.email'), flex: 1, minWidth: 180 }),
      column.field('phone', { header: t('dealerRequests.columns.phone'), minWidth: 130 }),
      column.field('seller', { header: t('dealerRequests.columns.seller'), flex: 1, minWidth: 160 }),
      column.field('tax_plate_link', {
        header: t('dealerRequests.columns.taxPlate'),
        minWidth: 130,
        render: (request) =>
          fileCell(
            t,
            request.tax_plate_link,
            t('dealerRequests.files.viewTaxPlate', { dealer: request.dealer_name }),
            setPhoto,
            taxPlate(request).title,
          ),
      }),
      column.field('logo_link', {
        header: t('dealerRequests.columns.logo'),
        minWidth: 130,
        render: (request) =>
          fileCell(
            t,
            request.logo_link,
            t('dealerRequests.files.viewLogo', { dealer: request.dealer_name }),
            setPhoto,
            t('dealerRequests.files.logoOf', { dealer: request.dealer_name }),
          ),
      }),
    ];
  }, [t, openMenu]);
  const state = useTableUrlState(filters);
  const actions = useMemo<RowAction<RequestAction>[]>(
    () =>
      menuRow
        ? requestActions(menuRow).map(({ action, reason }) => {
            const Icon = ICONS[action];
            return {
              action,
              label: t(`dealerRequests.actions.${action}`),
              reason: reason ? t(reason) : undefined,
              icon: <Icon fontSize="small" />,
            };
          })
        : [],
    [menuRow, t],
  );

  return (
    <Page title={t('dealerRequests.title')}>
      <Box sx={rowActionsStyles}>
        <DataTable
          id="dealer-requests"
          label={t('dealerRequests.table')}
          columns={columns}
          filters={filters}
          getRowId={rowId}
          query={requestsQuery}
          state={state}
          emptyText={t('dealerRequests.empty')}
        />
      </Box>
      <RowActionsMenu
        {...menuProps}
        label={menuRow ? t('dealerRequests.actions.label', { id: menuRow.id }) : ''}
        actions={actions}
      />
      <ApproveRequestDialog
        request={rowFor('approve')}
        onClose={close}
        onViewTaxPlate={(request) =>
          setPhoto({
            title: t('dealerRequests.files.taxPlateOf', { dealer: request.dealer_name }),
            url: request.tax_plate_link,
          })
        }
      />
      <RejectRequestDialog request={rowFor('reject')} onClose={close} />
      <PhotoViewerDialog photo={photo} onClose={() => setPhoto(undefined)} />
    </Page>
  );
}
