/**
 * The frame of the panel management pages: the breadcrumb (panel management, and on a panel's users page the panel
 * and its users one step further), the page's heading and its content, padded for a phone as for a desk.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../lib/routing/paths.ts';

export interface ManageFrameProps {
  /** The page's heading. */
  title: string;
  /** Steps between panel management and the page (shown as text), when the page is under the list. */
  trail?: readonly string[];
  /** The last step of the breadcrumb (the page itself); `title` when not given. */
  current?: string;
  children: ReactNode;
}

export function ManageFrame({ title, trail, current = title, children }: ManageFrameProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1280, mx: 'auto' }}>
      <Breadcrumbs aria-label={t('panelManage.breadcrumb')} sx={{ mb: 1 }}>
        {trail ? (
          <Link component={RouterLink} to={paths.panelManage} underline="hover" color="inherit">
            {t('panelManage.title')}
          </Link>
        ) : null}
        {trail?.map((step) => (
          <Typography key={step} sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {step}
          </Typography>
        ))}
        <Typography aria-current="page" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          {current}
        </Typography>
      </Breadcrumbs>
      <Typography component="h1" variant="h4" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
