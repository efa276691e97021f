import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Panel } from '@generated/api/types.gen.ts';
import type { PanelDetailTab } from '../../../lib/routing/panel-detail-search.ts';
import { usePanelLive } from '../../../lib/live/use-live.ts';
import type { PanelLogin } from '../../../lib/session/panel-logins.ts';
import { programmingBlock } from '../../../lib/panels/programming-block.ts';
import { usePlanPermissions } from '../../../lib/panels/use-plan-permissions.ts';
import { panelAuthority } from '../../../lib/panels/panel-authority.ts';
import { PanelLockoutNotice } from '../../../lib/panels/panel-lockout-notice.tsx';
import { usePanelLockout } from '../../../lib/panels/panel-lockouts.ts';
import { mergePanelView } from '../../../lib/panels/panel-view.ts';
import type { ProgrammedList, ProgrammingParts } from '../../../lib/panels/programming-parts.ts';
import type { PanelAuditPart } from '../../../lib/panels/panel-audit.ts';
import { useClaims } from '../../../lib/session/use-claims.ts';
import { LazyPart } from '../../../shared/dialogs/lazy-part.tsx';
import { QueueCount } from '../queue-count.tsx';
import { PanelCommands } from '../commands/panel-commands.tsx';
import { DetailFooter } from './detail-footer.tsx';
import { DetailTabBar } from './detail-tab-bar.tsx';
import { isSettingsTab, readsAuditLog, visibleTab, type TabAccess } from './detail-tabs.ts';
import { GeneralTab } from './general-tab.tsx';
import { KeypadsTab } from './keypads-tab.tsx';
import { LogsTab } from './logs-tab.tsx';
import { OutsTab } from './outs-tab.tsx';
import { TemplateButtons } from './template-buttons.tsx';
import { UsersTab } from './users-tab.tsx';
import { ZonesTab } from './zones-tab.tsx';

// The date pickers load with the Reader tab only (the programming parts load with programming only).
const ReaderTab = lazy(() => import('./reader-tab.tsx').then((module) => ({ default: module.ReaderTab })));

export interface PanelDetailProps {
  panel: Panel;
  login: PanelLogin;
  tab: PanelDetailTab | undefined;
  onSelectTab(tab: PanelDetailTab): void;
  /** The settings tabs, the list tabs' programming and the template dialogs, shown to the installer only. */
  programming: ProgrammingParts;
  /** The panel's audit log, shown to those who may read the audit log (loads when its tab opens). */
  Audit: PanelAuditPart;
}

/** The tabs of an opened panel; only the selected tab is mounted, so each loads its data when selected. */
export function PanelDetail({
  panel,
  login,
  tab: requested,
  onSelectTab,
  programming: parts,
  Audit,
}: PanelDetailProps) {
  const { t } = useTranslation();
  const { SettingsTab, ProgramRecords, TemplateDialogs, QueueTab } = parts;
  const live = usePanelLive(panel.dev_id);
  const view = mergePanelView(panel, live?.state);
  const authority = panelAuthority(login);
  const access: TabAccess = { installer: authority.installer, audit: readsAuditLog(useClaims()?.UserType) };
  const tab = visibleTab(requested, access);
  const devId = panel.dev_id;
  const connected = view.connected !== false;
  const plan = usePlanPermissions();
  // Too many wrong panel passwords (a command's, a quick edit's): the panel is locked for a while, said above the tabs.
  const lockout = usePanelLockout(devId);
  // Templates read or write the panel itself, so they need it connected; the forms queue what an offline panel is
  // to be written and are blocked only by what would refuse the write itself.
  const block = programmingBlock(view, plan, { requireConnected: true });
  const blockedReason = block ? t(block) : undefined;
  const formBlock = programmingBlock(view, plan, { requireConnected: false });
  const gate = { blockedReason: formBlock ? t(formBlock) : undefined, offline: view.connected === false };
  // The installer programs the records of the list tabs (the flag gates adding zones, outputs and keypads).
  const programming = (list: ProgrammedList) =>
    authority.installer ? (
      <LazyPart>
        <ProgramRecords list={list} devId={devId} login={login} {...gate} />
      </LazyPart>
    ) : null;

  const content = (): ReactNode => {
    switch (tab) {
      case 'general':
        return (
          <Stack spacing={2}>
            <GeneralTab panel={view} receivedAt={live?.receivedAt} />
            {authority.installer ? (
              <TemplateButtons
                devId={devId}
                panelName={view.description || String(devId)}
                login={login}
                blockedReason={blockedReason}
                dialogs={TemplateDialogs}
              />
            ) : null}
          </Stack>
        );
      case 'zones':
        return (
          <>
            <ZonesTab
              devId={devId}
              panelName={view.description || String(devId)}
              login={login}
              connected={connected}
              liveZones={view.zones}
            />
            {programming('zones')}
          </>
        );
      case 'users':
        return (
          <>
            <UsersTab devId={devId} login={login} />
            {programming('users')}
          </>
        );
      case 'outs':
        return (
          <>
            <OutsTab
              devId={devId}
              panelName={view.description || String(devId)}
              login={login}
              connected={connected}
              liveOuts={view.outs}
            />
            {programming('outs')}
          </>
        );
      case 'logs':
        return <LogsTab devId={devId} login={login} />;
      case 'keypads':
        return (
          <>
            <KeypadsTab devId={devId} />
            {programming('keypads')}
          </>
        );
      case 'reader':
        return (
          <LazyPart>
            <ReaderTab devId={devId} />
          </LazyPart>
        );
      case 'queue':
        return (
          <LazyPart>
            <QueueTab devId={devId} canChange={authority.installer} />
          </LazyPart>
        );
      case 'audit':
        return (
          <LazyPart>
            <Audit devId={devId} />
          </LazyPart>
        );
      default:
        return isSettingsTab(tab) ? (
          <LazyPart>
            <SettingsTab tab={tab} devId={devId} password={login.password} {...gate} />
          </LazyPart>
        ) : null;
    }
  };

  return (
    <Stack spacing={2}>
      <QueueCount devId={devId} />
      <PanelLockoutNotice {...lockout} />
      <PanelCommands panel={view} />
      <DetailTabBar tab={tab} access={access} onSelect={onSelectTab} />
      <Box role="tabpanel" id={`panel-detail-tabpanel-${tab}`} aria-labelledby={`panel-detail-tab-${tab}`}>
        {content()}
      </Box>
      <DetailFooter devId={devId} login={login} />
    </Stack>
  );
}
