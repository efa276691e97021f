/**
 * The frame of the users pages: the breadcrumb (users > user list, spec 1 §2; the edit and add pages one step
 * further), the page's heading and its content, padded for a phone as for a desk.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../lib/routing/paths.ts';

export interface UsersFrameProps {
  /** The page's heading; on the list page it is the breadcrumb's last step. */
  title: string;
  /** Pages under the list: the list is a link in the breadcrumb, and `title` its last step. */
  underList?: boolean;
  maxWidth?: number;
  children: ReactNode;
}

export function UsersFrame({ title, underList = false, maxWidth = 1280, children }: UsersFrameProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth, mx: 'auto' }}>
      <Breadcrumbs aria-label={t('users.breadcrumb')} sx={{ mb: 1 }}>
        <Typography sx={{ color: 'text.secondary' }}>{t('menu.users')}</Typography>
        {underList ? (
          <Link component={RouterLink} to={paths.users} underline="hover" color="inherit">
            {t('users.list.title')}
          </Link>
        ) : null}
        <Typography aria-current="page" sx={{ color: 'text.primary' }}>
          {title}
        </Typography>
      </Breadcrumbs>
      <Typography component="h1" variant="h4" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
