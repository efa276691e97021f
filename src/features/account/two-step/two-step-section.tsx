/**
 * The profile's "Two-step verification" section (the proposed second factor, TOTP), for dealers and administrators
 * only (the calls' `x-required-level: 1`): whether it is on and how many recovery codes are left; "turn on" opens the
 * enrolment, "turn off" asks for a code. The dialogs load when opened (the QR code library with the enrolment).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useClaims } from '../../../lib/session/use-claims.ts';
import { isDealerOrAdmin } from '../../../lib/session/user-type.ts';
import { useTotpStatus } from '../api/totp.ts';

const EnrolDialog = lazy(() => import('./enrol-dialog.tsx').then((module) => ({ default: module.EnrolDialog })));
const PolicySwitch = lazy(() => import('./policy-switch.tsx').then((module) => ({ default: module.PolicySwitch })));
const DisableDialog = lazy(() => import('./disable-dialog.tsx').then((module) => ({ default: module.DisableDialog })));

export function TwoStepSection() {
  const claims = useClaims();
  const allowed = isDealerOrAdmin(claims?.UserType);
  return allowed ? <TwoStepStatus /> : null;
}

export function TwoStepStatus() {
  const { t } = useTranslation();
  const claims = useClaims();
  // The requirement's own switch: administrators, once their own session is not held to the enrolment.
  const admin = claims?.UserType === 2 && !claims.second_factor_enrolment_required;
  const status = useTotpStatus(true);
  const [open, setOpen] = useState<'enrol' | 'disable' | undefined>();
  const data = status.data?.data;
  const close = () => setOpen(undefined);

  return (
    <Paper component="section" aria-labelledby="two-step-title" variant="outlined" sx={{ p: 3, mt: 3 }}>
      <Typography id="two-step-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('account.twoStep.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('account.twoStep.intro')}
      </Typography>
      {status.isPending ? (
        <CircularProgress size={24} aria-label={t('account.twoStep.loading')} />
      ) : status.isError || !data ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void status.refetch()}>{t('account.twoStep.retry')}</Button>}
        >
          {t('account.twoStep.loadError')}
        </Alert>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography role="status">
            {data.enabled ? t('account.twoStep.on', { count: data.recovery_codes_left }) : t('account.twoStep.off')}
          </Typography>
          {data.enabled && data.recovery_codes_left <= 2 ? (
            <Alert severity="warning">{t('account.twoStep.fewCodes')}</Alert>
          ) : null}
          {data.enabled ? (
            <Button variant="outlined" color="error" onClick={() => setOpen('disable')}>
              {t('account.twoStep.turnOff')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setOpen('enrol')}>
              {t('account.twoStep.turnOn')}
            </Button>
          )}
        </Stack>
      )}
      {admin ? (
        <Suspense fallback={null}>
          <Box sx={{ mt: 2 }}>
            <PolicySwitch />
          </Box>
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {open === 'enrol' ? <EnrolDialog open onClose={close} /> : null}
        {open === 'disable' ? <DisableDialog open onClose={close} /> : null}
      </Suspense>
    </Paper>
  );
}
