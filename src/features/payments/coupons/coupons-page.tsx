/**
 * `/Payment/Coupons` (spec 2 "Payment screens", §6): the coupon requests table (paged by limit and offset in the URL),
 * whose row opens the modal of its codes (double click, Enter, or the row's actions), the create-coupons modal for
 * users above type 0 (an administrator may create without payment, a dealer goes on to the pay page) and the link to
 * the subscription history (spec 2: "Coupon requests (and subscription history link)"). A plain user sees the list the server gives (usually empty) and where codes are redeemed.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EventNoteIcon from '@mui/icons-material/EventNote';
import AddIcon from '@mui/icons-material/Add';
import type { CouponRequest } from '@generated/api/types.gen.ts';
import { paths } from '../../../lib/routing/paths.ts';
import { useClaims } from '../../../lib/session/use-claims.ts';
import { Page } from '../../../shared/page/page.tsx';
import { DataTable } from '../../../shared/table/data-table.tsx';
import { rowActionsStyles } from '../../../shared/table/row-actions-button.tsx';
import { RowActionsMenu } from '../../../shared/table/row-actions-menu.tsx';
import { useRowActions } from '../../../shared/table/use-row-actions.ts';
import { useTableUrlState } from '../../../shared/table/use-table-state.ts';
import { couponRequestsQuery } from './api/coupon-requests.ts';
import { couponAccess } from './coupon-access.ts';
import { couponRequestColumns } from './coupon-request-columns.tsx';
import { CouponCodesDialog } from './coupon-codes-dialog.tsx';
import { CreateCouponsDialog } from './create-coupons-dialog.tsx';

const rowId = (request: CouponRequest) => request.id;

export function CouponsPage() {
  const { t, i18n } = useTranslation();
  const access = couponAccess(useClaims()?.UserType);
  // The request whose codes are shown (`chosen`) is kept while the modal closes, so its content does not vanish.
  const { openMenu, menuProps, open, close, chosen, isOpen } = useRowActions<CouponRequest, 'codes'>();
  const [creating, setCreating] = useState(false);

  const openCodes = useCallback((request: CouponRequest) => open('codes', request), [open]);
  const columns = useMemo(() => couponRequestColumns(t, i18n.language, openMenu), [t, i18n.language, openMenu]);
  const state = useTableUrlState();

  return (
    <Page
      title={t('coupons.title')}
      actions={
        <Button component={RouterLink} to={paths.subscriptionHistory} startIcon={<EventNoteIcon />}>
          {t('coupons.history')}
        </Button>
      }
    >
      {access.redeemNote ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('coupons.userNote', { item: t('layout.redeemCoupon') })}
        </Alert>
      ) : null}
      <Box sx={rowActionsStyles}>
        <DataTable
          id="coupons"
          label={t('coupons.table')}
          columns={columns}
          getRowId={rowId}
          query={couponRequestsQuery}
          state={state}
          emptyText={t('coupons.empty')}
          onOpen={openCodes}
          actions={
            access.create ? (
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                aria-haspopup="dialog"
                onClick={() => setCreating(true)}
              >
                {t('coupons.create.open')}
              </Button>
            ) : undefined
          }
        />
      </Box>
      <RowActionsMenu
        {...menuProps}
        label={t('coupons.columns.actions')}
        actions={[{ action: 'codes', label: t('coupons.actions.codes') }]}
      />
      <CouponCodesDialog request={chosen?.row} open={isOpen('codes')} onClose={close} />
      {access.create ? (
        <CreateCouponsDialog
          open={creating}
          onClose={() => setCreating(false)}
          withoutPayment={access.createWithoutPayment}
        />
      ) : null}
    </Page>
  );
}
