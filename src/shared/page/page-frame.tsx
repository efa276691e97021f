/**
 * The frame of a page under a breadcrumb: the trail (the pages above, as links, or a step as text), the page itself
 * as its last step, the page's heading with its buttons, and its content, padded for a phone as for a desk. Every
 * page with a breadcrumb draws it with this frame (or, inside a page, with `CrumbTrail`).
 */
import type { ReactNode } from 'react';
import { createLink } from '@tanstack/react-router';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A step of the trail: a link to a page above (`to`, with its search), or a step named as text. */
export interface Crumb {
  label: string;
  to?: string;
  search?: Record<string, string>;
}

/** MUI's link, following the router. */
const CrumbLink = createLink(Link);

const WRAP = { overflowWrap: 'anywhere' } as const;

/** The breadcrumb: the steps above, then the page itself (`current`, marked as the current page). */
export function CrumbTrail({ label, trail, current }: { label: string; trail: readonly Crumb[]; current: string }) {
  return (
    <Breadcrumbs aria-label={label} sx={{ mb: 1, '& ol': { rowGap: 0.5 } }}>
      {trail.map((crumb) =>
        crumb.to === undefined ? (
          <Typography key={crumb.label} sx={{ color: 'text.secondary', ...WRAP }}>
            {crumb.label}
          </Typography>
        ) : (
          <CrumbLink
            key={`${crumb.to}?${JSON.stringify(crumb.search ?? {})}`}
            to={crumb.to}
            search={crumb.search}
            underline="hover"
            color="inherit"
            sx={WRAP}
          >
            {crumb.label}
          </CrumbLink>
        ),
      )}
      <Typography aria-current="page" sx={{ color: 'text.primary', ...WRAP }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}

export interface PageFrameProps {
  /** The breadcrumb's accessible name. */
  crumbsLabel: string;
  /** The pages above this one, from the top. */
  trail: readonly Crumb[];
  /** The page's heading. */
  title: string;
  /** The breadcrumb's last step (the page itself); `title` when not given. */
  current?: string;
  /** A line under the heading (the panel's number and model). */
  subtitle?: ReactNode;
  /** The page's buttons, beside its heading. */
  actions?: ReactNode;
  maxWidth?: number;
  /** The space under the heading (theme spacing). */
  headingGap?: number;
  children: ReactNode;
}

export function PageFrame({
  crumbsLabel,
  trail,
  title,
  current = title,
  subtitle,
  actions,
  maxWidth = 1280,
  headingGap = 2,
  children,
}: PageFrameProps) {
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth, mx: 'auto' }}>
      <CrumbTrail label={crumbsLabel} trail={trail} current={current} />
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 2,
          mb: subtitle === undefined ? headingGap : 0,
        }}
      >
        <Typography component="h1" variant="h4" sx={WRAP}>
          {title}
        </Typography>
        {actions ? (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {subtitle === undefined ? null : (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: headingGap }}>
          {subtitle}
        </Typography>
      )}
      {children}
    </Box>
  );
}
