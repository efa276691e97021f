import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useUserDetail } from './api/get-user-detail.ts';
import { ProfileForm } from './profile-form.tsx';

/** `/User/Edit`: the signed-in user's own profile. */
export function ProfilePage() {
  const { t } = useTranslation();
  const detail = useUserDetail();
  const user = detail.data?.data;

  return (
    <Box sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {t('account.profile.title')}
      </Typography>
      {detail.isPending ? (
        <Stack sx={{ alignItems: 'center', py: 6 }} role="status">
          <CircularProgress aria-label={t('common.loading')} />
        </Stack>
      ) : detail.isError || !user ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void detail.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('account.profile.loadError')}
        </Alert>
      ) : (
        // Keyed by user: a different account (after a token refresh) starts a fresh form.
        <ProfileForm key={user.id} user={user} />
      )}
    </Box>
  );
}
