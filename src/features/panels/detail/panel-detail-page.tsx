/**
 * The panel detail (`/PanelDetail/:id`, spec 1 §2): breadcrumb Panels > panel, the tabs with the URL reflecting
 * the open one, and the footer with the logged-in panel user. Entering the page asks for the panel password (spec 1
 * §6, spec 2 §1: the zone and output lists and programming ask for it first); cancelling returns to the panel list.
 * The login is kept while the page stays open (its tabs ask nothing more) and forgotten when it is left.
 */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { notifyNoAuthority } from '../../../lib/api/results.ts';
import type { ProgrammingParts } from '../../../lib/panels/programming-parts.ts';
import type { PanelAuditPart } from '../../../lib/panels/panel-audit.ts';
import { rememberPanelLogin, type PanelLogin } from '../../../lib/session/panel-logins.ts';
import { paths } from '../../../lib/routing/paths.ts';
import type { PanelDetailTab, validatePanelDetailSearch } from '../../../lib/routing/panel-detail-search.ts';
import type { panelIdParams } from '../../../lib/routing/route-params.ts';
import { useRouteParams, useRouteSearch } from '../../../lib/routing/use-route-params.ts';
import { LiveProvider } from '../live-provider.tsx';
import { panelRecordOptions } from './api/panel-detail-queries.ts';
import { PanelDetail } from './panel-detail.tsx';
import { usePanelPageLogin } from './use-panel-login.ts';
import { isSettingsTab } from './detail-tabs.ts';
import { LazyPart } from '../../../shared/dialogs/lazy-part.tsx';
import { PageFrame } from '../../../shared/page/page-frame.tsx';

const PanelPasswordDialog = lazy(() =>
  import('../commands/panel-password-dialog.tsx').then((module) => ({ default: module.PanelPasswordDialog })),
);

/**
 * `programming`: the installer's programming parts, and `Audit`: the panel's audit log, both handed in by the route
 * (see `ProgrammingParts`, `PanelAuditPart`).
 */
export function PanelDetailPage({ programming, Audit }: { programming: ProgrammingParts; Audit: PanelAuditPart }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id: devId } = useRouteParams<typeof panelIdParams>();
  // The route's own rule decided the tab (an unknown one is General).
  const { tab, program } = useRouteSearch<typeof validatePanelDetailSearch>();
  const panel = useSuspenseQuery(panelRecordOptions(devId)).data.data;
  const login = usePanelPageLogin(devId);

  const selectTab = (next: PanelDetailTab) =>
    void navigate({ to: paths.panelDetail(devId), search: next === 'general' ? {} : { tab: next } });
  const backToList = () => void navigate({ to: paths.panels });
  const accepted = (next: PanelLogin) => {
    rememberPanelLogin(devId, next);
    // Programming asked for (the list's program button, a link to a settings tab) is the installer's only.
    if ((program || (tab && isSettingsTab(tab))) && !next.authority.installer) notifyNoAuthority();
  };

  return (
    <PageFrame
      crumbsLabel={t('panelDetail.breadcrumb')}
      trail={[{ label: t('panels.title'), to: paths.panels }]}
      title={panel.description}
      subtitle={`${panel.dev_id} · ${panel.model}`}
      maxWidth={1100}
    >
      {login ? (
        <LiveProvider>
          <PanelDetail
            panel={panel}
            login={login}
            tab={tab}
            onSelectTab={selectTab}
            programming={programming}
            Audit={Audit}
          />
        </LiveProvider>
      ) : (
        <>
          <Alert severity="info">{t('panelDetail.loginNeeded')}</Alert>
          <LazyPart sx={{ mt: 2 }}>
            <PanelPasswordDialog
              devId={devId}
              panelName={panel.description}
              open
              onClose={backToList}
              onAccepted={accepted}
            />
          </LazyPart>
        </>
      )}
    </PageFrame>
  );
}
