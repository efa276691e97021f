/**
 * The panel detail (`/PanelDetail/:id`, spec 1 §2): breadcrumb Panels > panel, the tabs with the URL reflecting
 * the open one, and the footer with the logged-in panel user. The panel opens with this session's panel login;
 * without one the page asks for the panel password, and cancelling returns to the panel list.
 */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ProgrammingParts } from '../../../lib/panels/programming-parts.ts';
import { paths, type PanelDetailTab, type validatePanelDetailSearch } from '../../../lib/routing/paths.ts';
import type { panelIdParams } from '../../../lib/routing/route-params.ts';
import { useRouteParams, useRouteSearch } from '../../../lib/routing/use-route-params.ts';
import { LiveProvider } from '../live-provider.tsx';
import { panelRecordOptions } from './api/panel-detail-queries.ts';
import { PanelDetail } from './panel-detail.tsx';
import { usePanelLogin } from './use-panel-login.ts';

const PanelPasswordDialog = lazy(() =>
  import('../commands/panel-password-dialog.tsx').then((module) => ({ default: module.PanelPasswordDialog })),
);

/** `programming`: the installer's programming parts, handed in by the route (see `ProgrammingParts`). */
export function PanelDetailPage({ programming }: { programming: ProgrammingParts }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: devId } = useRouteParams<typeof panelIdParams>();
  // The route's own rule decided the tab (an unknown one is General).
  const { tab } = useRouteSearch<typeof validatePanelDetailSearch>();
  const panel = useSuspenseQuery(panelRecordOptions(devId)).data.data;
  const login = usePanelLogin(devId);

  const selectTab = (next: PanelDetailTab) =>
    void navigate({ to: paths.panelDetail(devId), search: next === 'general' ? {} : { tab: next } });
  const backToList = () => void navigate({ to: paths.panels });

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
      <Breadcrumbs aria-label={t('panelDetail.breadcrumb')} sx={{ mb: 1 }}>
        <Link component={RouterLink} to={paths.panels} underline="hover" color="inherit">
          {t('panels.title')}
        </Link>
        <Typography aria-current="page" sx={{ color: 'text.primary', overflowWrap: 'anywhere' }}>
          {panel.description}
        </Typography>
      </Breadcrumbs>
      <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
        {panel.description}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {`${panel.dev_id} · ${panel.model}`}
      </Typography>
      {login ? (
        <LiveProvider>
          <PanelDetail panel={panel} login={login} tab={tab} onSelectTab={selectTab} programming={programming} />
        </LiveProvider>
      ) : (
        <>
          <Alert severity="info">{t('panelDetail.loginNeeded')}</Alert>
          <Suspense fallback={<CircularProgress aria-label={t('common.loading')} sx={{ mt: 2 }} />}>
            <PanelPasswordDialog
              devId={devId}
              panelName={panel.description}
              open
              onClose={backToList}
              onAccepted={() => undefined}
            />
          </Suspense>
        </>
      )}
    </Box>
  );
}
