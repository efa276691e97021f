/**
 * The codes of one coupon request (spec 2 "Payment screens"): code, active (not used), the user who used it (name and
 * e-mail) and the usage time (DD MMMM YYYY HH:mm:ss), a copy button per code, and the table's own export of every code
 * of the request to Excel. A request awaiting payment has no codes yet and says so.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { CouponRequest } from '@generated/api/types.gen.ts';
import { formatDate } from '../../../shared/format/dates.ts';
import { DataTable } from '../../../shared/table/data-table.tsx';
import { useLocalTableState } from '../../../shared/table/use-table-state.ts';
import { couponCodesQuery } from './api/coupon-codes.ts';
import { codesTablePage, type CodeRow } from './code-rows.ts';
import { couponCodeColumns } from './coupon-code-columns.tsx';
import { copyText } from '../../../shared/files/copy-text.ts';

export interface CouponCodesDialogProps {
  /** The request whose codes are shown (kept while the dialog closes). */
  request: CouponRequest | undefined;
  open: boolean;
  onClose: () => void;
}

const rowId = (row: CodeRow) => row.id;

export function CouponCodesDialog({ request, open, onClose }: CouponCodesDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open && request !== undefined} onClose={onClose} maxWidth="lg" fullWidth fullScreen={fullScreen}>
      {request ? <CouponCodes key={request.id} request={request} /> : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the last copy did: shown in the dialog (a toast behind the modal would be hidden from assistive technology). */
interface CopyOutcome {
  code: string;
  copied: boolean;
}

function CouponCodes({ request }: { request: CouponRequest }) {
  const { t } = useTranslation();
  const state = useLocalTableState();
  const [outcome, setOutcome] = useState<CopyOutcome>();
  const copy = useCallback(async (code: string) => {
    setOutcome(undefined);
    setOutcome({ code, copied: await copyText(code) });
  }, []);
  const columns = useMemo(() => couponCodeColumns(t, (code) => void copy(code)), [t, copy]);
  const query = useMemo(() => couponCodesQuery(request.id), [request.id]);
  const awaiting = request.state === 0;

  return (
    <>
      <DialogTitle>{t('coupons.codes.title', { title: request.payment_title })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('coupons.codes.summary', {
            email: request.request_user_info.email,
            date: formatDate(request.created_at, 'order'),
            count: request.amount,
            month: request.month,
          })}
        </DialogContentText>
        {awaiting ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('coupons.codes.awaiting')}
          </Alert>
        ) : null}
        <div role="status" aria-live="polite">
          {outcome ? (
            <Alert
              severity={outcome.copied ? 'success' : 'warning'}
              role="none"
              sx={{ mb: 2 }}
              onClose={() => setOutcome(undefined)}
              slotProps={{ closeButton: { 'aria-label': t('common.close') } }}
            >
              {t(outcome.copied ? 'coupons.codes.copied' : 'coupons.codes.copyFailed', { code: outcome.code })}
            </Alert>
          ) : null}
        </div>
        <DataTable
          id="coupon-codes"
          label={t('coupons.codes.table')}
          columns={columns}
          getRowId={rowId}
          query={query}
          toPage={codesTablePage}
          state={state}
          emptyText={awaiting ? t('coupons.codes.awaiting') : t('coupons.codes.empty')}
        />
      </DialogContent>
    </>
  );
}
