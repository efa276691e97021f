/**
 * The dealership requests' dialogs (spec 2 §2 "Dealership screens", §4, §5): approving a request (its dealer, the
 * requester and the e-mail; the warning that it cannot be undone; review the tax plate first; 1 year of engineer
 * authority; a new, unused dealer code of at least 3 characters) and rejecting one (tell the user the reason by
 * e-mail). Each call is sent once; a confirmed answer says so, closes the dialog and reloads the list, a refusal (a
 * code in use) keeps it open beside its one toast.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DealerRequest } from '@generated/api/types.gen.ts';
import {
  approveDealerRequestMutation,
  getDealerRequestsQueryKey,
  rejectDealerRequestMutation,
} from '@generated/api/@tanstack/react-query.gen.ts';
import { DialogForm, FormDialog } from '../../shared/dialogs/form-dialog.tsx';
import { useStatusMutation } from '../../lib/api/use-status-mutation.ts';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { approveRules, validateDealerCode } from './validation.ts';

interface DialogProps {
  request: DealerRequest | undefined;
  onClose: () => void;
  /** Opens the request's tax plate in the photo viewer. */
  onViewTaxPlate?: (request: DealerRequest) => void;
}

/** Reads the requests list again, from the server. */
function useReloadRequests() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getDealerRequestsQueryKey() });
}

/** Who applied: the dealer, the requester and the e-mail, as a short description list. */
function RequestSummary({ request }: { request: DealerRequest }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('dealerRequests.columns.dealerName'), request.dealer_name],
    [t('dealerRequests.columns.name'), request.name],
    [t('dealerRequests.columns.email'), request.email || '—'],
  ];
  return (
    <Typography
      component="dl"
      variant="body2"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5 }}
    >
      {rows.map(([label, value]) => (
        <Typography key={label} component="div" variant="body2" sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ pr: 2 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Typography>
      ))}
    </Typography>
  );
}

export function ApproveRequestDialog({ request, onClose, onViewTaxPlate }: DialogProps) {
  return (
    <FormDialog open={request !== undefined} onClose={onClose}>
      {request ? (
        <ApproveForm key={request.id} request={request} onClose={onClose} onViewTaxPlate={onViewTaxPlate} />
      ) : null}
    </FormDialog>
  );
}

function ApproveForm({ request, onClose, onViewTaxPlate }: DialogProps & { request: DealerRequest }) {
  const { t } = useTranslation();
  const reload = useReloadRequests();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const approve = useStatusMutation(approveDealerRequestMutation(), (translate) =>
    translate('dealerRequests.approve.done'),
  );
  const error = validateDealerCode(code);
  const shown = touched ? fieldMessage(t, error, approveRules.rules.code) : undefined;
  return (
    <DialogForm
      title={t('dealerRequests.approve.title')}
      submitLabel={t('dealerRequests.approve.submit')}
      canSubmit={!error}
      pending={approve.isPending}
      onSubmit={() =>
        approve.mutate(
          {
            path: { id: request.id },
            // No link: the server keeps the logo it stored with the request (the contract's DealerRequestApproval).
            body: { id: request.id, state: 1, code: code.trim() },
          },
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
      <RequestSummary request={request} />
      <Alert severity="warning">{t('dealerRequests.approve.warning')}</Alert>
      <Alert severity="info">
        {t('dealerRequests.approve.reviewFirst')}{' '}
        {onViewTaxPlate ? (
          <Link
            component="button"
            type="button"
            onClick={() => onViewTaxPlate(request)}
            sx={{ verticalAlign: 'baseline' }}
          >
            {t('dealerRequests.files.viewTaxPlate', { dealer: request.dealer_name })}
          </Link>
        ) : null}
      </Alert>
      <Typography variant="body2">{t('dealerRequests.approve.authority')}</Typography>
      <TextField
        label={t('dealerRequests.approve.code')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(shown)}
        helperText={shown ?? t('dealerRequests.approve.codeHelp')}
        required
        fullWidth
        autoComplete="off"
      />
    </DialogForm>
  );
}

export function RejectRequestDialog({ request, onClose }: DialogProps) {
  return (
    <FormDialog open={request !== undefined} onClose={onClose}>
      {request ? <RejectForm key={request.id} request={request} onClose={onClose} /> : null}
    </FormDialog>
  );
}

function RejectForm({ request, onClose }: DialogProps & { request: DealerRequest }) {
  const { t } = useTranslation();
  const reload = useReloadRequests();
  const [reason, setReason] = useState('');
  const reject = useStatusMutation(rejectDealerRequestMutation(), (translate) =>
    translate('dealerRequests.reject.done'),
  );
  return (
    <DialogForm
      title={t('dealerRequests.reject.title')}
      submitLabel={t('dealerRequests.reject.submit')}
      canSubmit
      pending={reject.isPending}
      onSubmit={() =>
        reject.mutate(
          {
            path: { id: request.id },
            body: { id: request.id, state: 2, ...(reason.trim() ? { reason: reason.trim() } : {}) },
          },
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
      <RequestSummary request={request} />
      <Alert severity="info">{t('dealerRequests.reject.tellByEmail')}</Alert>
      <TextField
        label={t('dealerRequests.reject.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        multiline
        minRows={2}
        fullWidth
      />
    </DialogForm>
  );
}
