/**
 * `/User/TwoStepRequired` (proposed): where a session leads whose account must enrol the second factor an
 * administrator requires (the token's `second_factor_enrolment_required`). Nothing else of the console opens until
 * it is on (the route guard sends every page here, and the server refuses every other call with 403): the page has no
 * menu, only the two-step section and sign-out. Once it is on, "continue" renews the token (the renewal drops the
 * claim) and goes on to the console.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { paths } from '../../../lib/routing/paths.ts';
import { refreshAccessToken } from '../../../lib/session/refresh-token.ts';
import { signOut } from '../../../lib/session/sign-out.ts';
import { useTotpStatus } from '../api/totp.ts';
import { TwoStepStatus } from './two-step-section.tsx';

export function TwoStepRequiredPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useTotpStatus(true);
  const renew = useMutation({
    mutationFn: refreshAccessToken,
    meta: { failureMessage: t('account.twoStep.required.renewError') },
    onSuccess: () => void navigate({ to: paths.home, replace: true }),
  });
  const enabled = status.data?.data.enabled === true;
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t('account.twoStep.required.title')}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('account.twoStep.required.note')}
      </Alert>
      <TwoStepStatus />
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        {enabled ? (
          <Button variant="contained" disabled={renew.isPending} onClick={() => renew.mutate()}>
            {t('account.twoStep.required.continue')}
          </Button>
        ) : null}
        <Button onClick={signOut}>{t('account.twoStep.required.signOut')}</Button>
      </Stack>
    </Box>
  );
}
