import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Page } from '../shared/page/page.tsx';
import { paths } from '../lib/routing/paths.ts';

type ForbiddenReason = 'unknownPath' | 'noAccess';

const REASON_TEXT: Record<ForbiddenReason, 'errors.forbidden.unknownPath' | 'errors.forbidden.noAccess'> = {
  unknownPath: 'errors.forbidden.unknownPath',
  noAccess: 'errors.forbidden.noAccess',
};

/**
 * The forbidden view of the specification, with the spec's title and text, plus which case it is (an address
 * that does not exist, or a role or plan without access) and a way back to the home page of the user's role.
 */
function ForbiddenView({ reason }: { reason: ForbiddenReason }) {
  const { t } = useTranslation();
  return (
    <Page title={t('errors.forbiddenTitle')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
          {t('errors.forbiddenText')}
        </Alert>
        <Typography data-testid="forbidden-reason">{t(REASON_TEXT[reason])}</Typography>
        <Button component={Link} to={paths.home} variant="contained">
          {t('errors.forbidden.goHome')}
        </Button>
      </Stack>
    </Page>
  );
}

/** `/Error/Forbidden`: where the guard sends a role above its menu level. */
export function ForbiddenPage() {
  return <ForbiddenView reason="noAccess" />;
}

/** Any path the console does not know. */
export function UnknownPathPage() {
  return <ForbiddenView reason="unknownPath" />;
}
