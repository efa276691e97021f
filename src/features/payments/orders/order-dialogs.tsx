/**
 * The billing list's dialogs (spec 2 §2, §4): the order's details (its description lines), billing an order (it
 * cannot be reverted) and cancelling one (a reason is required, and the administrator confirms that the payment was
 * refunded first). Each call is sent once, never retried; a confirmed answer closes the dialog and reloads the list, a
 * refusal keeps it open beside its one toast.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Order } from '@generated/api/types.gen.ts';
import {
  billOrderMutation,
  cancelOrderMutation,
  getOrderHistoryQueryKey,
  getOrdersQueryKey,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { DialogForm, FormDialog } from '../../../shared/dialogs/form-dialog.tsx';
import { formatDate } from '../../../shared/format/dates.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';
import { fieldErrors } from '../../../lib/forms/schema-rules.ts';
import { cancelMessages, cancelRules } from './validation.ts';
import { fieldMessage } from '../../../lib/forms/field-message.ts';

/** Reads every order list again (billing and history), from the server. */
function useReloadOrders() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getOrdersQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getOrderHistoryQueryKey() }),
    ]);
}

const orderLabel = (order: Order) => `#${order.id} · ${order.payment_plan.title} · ${order.user_info.name}`;

export function OrderDetailsDialog({ order: asked, onClose }: { order: Order | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  // The order shown stays while the dialog closes, so the closing dialog keeps its title and text.
  const [order, setOrder] = useState(asked);
  if (asked && asked !== order) setOrder(asked);
  return (
    <Dialog open={asked !== undefined} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="order-details-title">
      {order ? (
        <>
          <DialogTitle id="order-details-title">{t('orders.details.title', { id: order.id })}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {`${formatDate(order.created_at, 'order')} · ${order.user_info.name} (${order.user_info.email}) · ${formatPrice(order.total_price, i18n.language, order.currency)}`}
            </Typography>
            {order.order_details.length ? (
              <List dense aria-label={t('orders.details.lines')}>
                {order.order_details.map((line, index) => (
                  <ListItem key={`${index}-${line.description}`} disableGutters>
                    <ListItemText primary={line.description} />
                  </ListItem>
                ))}
              </List>
            ) : (
              <Typography sx={{ mt: 2 }}>{t('orders.details.empty')}</Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              {t('common.close')}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

export function BillOrderDialog({ order, onClose }: { order: Order | undefined; onClose: () => void }) {
  return (
    <FormDialog open={order !== undefined} onClose={onClose}>
      {order ? <BillOrderForm key={order.id} order={order} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function BillOrderForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const reload = useReloadOrders();
  const bill = useStatusMutation(billOrderMutation(), (translate) => translate('orders.bill.done', { id: order.id }));
  return (
    <DialogForm
      title={t('orders.bill.title', { id: order.id })}
      submitLabel={t('orders.bill.submit')}
      canSubmit
      pending={bill.isPending}
      onSubmit={() =>
        bill.mutate(
          { path: { id: order.id } },
          {
            onSuccess: () => {
              onClose();
              void reload();
            },
          },
        )
      }
      onCancel={onClose}
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{orderLabel(order)}</DialogContentText>
      <Alert severity="warning">{t('orders.bill.warning')}</Alert>
    </DialogForm>
  );
}

export function CancelOrderDialog({ order, onClose }: { order: Order | undefined; onClose: () => void }) {
  return (
    <FormDialog open={order !== undefined} onClose={onClose}>
      {order ? <CancelOrderForm key={order.id} order={order} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function CancelOrderForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const reload = useReloadOrders();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [refunded, setRefunded] = useState(false);
  const cancel = useStatusMutation(cancelOrderMutation(), (translate) =>
    translate('orders.cancel.done', { id: order.id }),
  );
  const error = fieldErrors(cancelRules, cancelMessages, { reason: reason.trim() }).reason;
  const shown = touched ? fieldMessage(t, error, cancelRules.rules.reason) : undefined;
  return (
    <DialogForm
      title={t('orders.cancel.title', { id: order.id })}
      submitLabel={t('orders.cancel.submit')}
      canSubmit={!error && refunded}
      pending={cancel.isPending}
      onSubmit={() =>
        cancel.mutate(
          { path: { id: order.id }, body: { id: order.id, desc: reason.trim() } },
          {
            onSuccess: () => {
              onClose();
              void reload();
            },
          },
        )
      }
      onCancel={onClose}
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{orderLabel(order)}</DialogContentText>
      <Alert severity="warning">{t('orders.cancel.refundFirst')}</Alert>
      <FormControlLabel
        control={<Checkbox checked={refunded} onChange={(event) => setRefunded(event.target.checked)} />}
        label={t('orders.cancel.refunded')}
      />
      <TextField
        label={t('orders.cancel.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(shown)}
        helperText={shown}
        multiline
        minRows={2}
        required
        fullWidth
      />
    </DialogForm>
  );
}
