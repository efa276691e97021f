/**
 * The frame of the firmware test pages (spec 2 "Help and firmware screens"): the breadcrumb (panel tests > the
 * pages above this one), the page's heading, its buttons and content (the shared page frame).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from '@tanstack/react-router';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageFrame, type Crumb } from '../../shared/page/page-frame.tsx';

export type { Crumb };

export interface FirmwareFrameProps {
  /** The page's heading and the breadcrumb's last step. */
  title: string;
  /** The pages above this one, from the top. */
  trail?: readonly Crumb[];
  actions?: ReactNode;
  maxWidth?: number;
  children: ReactNode;
}

export function FirmwareFrame({ title, trail = [], actions, maxWidth, children }: FirmwareFrameProps) {
  const { t } = useTranslation();
  return (
    <PageFrame
      crumbsLabel={t('firmwareTests.breadcrumb')}
      trail={trail}
      title={title}
      actions={actions}
      maxWidth={maxWidth}
    >
      {children}
    </PageFrame>
  );
}

/** What a page says when its address or record is not there, with the way back. */
export function NotThere({ text, back }: { text: string; back: Crumb & { to: string } }) {
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
