/**
 * The login page's link row: reset login info, verify account, register, the dealer application page, and the
 * language choice the shell's header shows (the same one: stored under `lang`, so the console opens in it).
 */
import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { paths } from '../../lib/routing/paths.ts';

// The language choice (MUI's select with its menu, about 19 kB) loads once the sign-in form has painted: the form
// is the page's first paint (its size budget, bench/size.ts); the field keeps its place while it loads.
const LanguageSelect = lazy(() =>
  import('../../lib/i18n/language-select.tsx').then((m) => ({ default: m.LanguageSelect })),
);

export type AuthDialogName = 'register' | 'verify' | 'forgot' | 'reset';

export interface AuthNavProps {
  onOpen: (dialog: AuthDialogName) => void;
}

export function AuthNav({ onOpen }: AuthNavProps) {
  const { t } = useTranslation();
  return (
    <Stack
      component="nav"
      aria-label={t('auth.nav.label')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', px: 2, py: 1 }}
    >
      <Button startIcon={<LockResetIcon />} onClick={() => onOpen('reset')}>
        {t('auth.nav.resetLogin')}
      </Button>
      <Button startIcon={<HowToRegIcon />} onClick={() => onOpen('verify')}>
        {t('auth.nav.verifyAccount')}
      </Button>
      <Button startIcon={<PersonAddIcon />} onClick={() => onOpen('register')}>
        {t('auth.nav.register')}
      </Button>
      <Button startIcon={<StorefrontIcon />} component={Link} to={paths.dealerCreate}>
        {t('auth.nav.dealerApplication')}
      </Button>
      <Suspense fallback={<Box sx={{ minWidth: { xs: 104, sm: 140 }, height: 40 }} />}>
        <LanguageSelect label={t('auth.nav.language')} />
      </Suspense>
    </Stack>
  );
}
