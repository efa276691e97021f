/**
 * The frame of the firmware test pages (spec 2 "Help and firmware screens"): the breadcrumb (panel tests > the
 * pages above this one), the page's heading, its buttons and content, padded for a phone as for a desk.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface Crumb {
  label: string;
  to: string;
}

export interface FirmwareFrameProps {
  /** The page's heading and the breadcrumb's last step. */
  title: string;
  /** The pages above this one, from the top. */
  trail?: readonly Crumb[];
  actions?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}

export function FirmwareFrame({ title, trail = [], actions, maxWidth = 1280, children }: FirmwareFrameProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth, mx: 'auto' }}>
      <Breadcrumbs aria-label={t('firmwareTests.breadcrumb')} sx={{ mb: 1 }}>
        {trail.map((crumb) => (
          <Link key={crumb.to} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.label}
          </Link>
        ))}
        <Typography aria-current="page" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      </Breadcrumbs>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 2 }}
      >
        <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {actions ? (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}

/** What a page says when its address or record is not there, with the way back. */
export function NotThere({ text, back }: { text: string; back: Crumb }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography role="alert" sx={{ color: 'error.main', fontWeight: 500 }}>
        {text}
      </Typography>
      <Link component={RouterLink} to={back.to}>
        {back.label}
      </Link>
    </Stack>
  );
}
