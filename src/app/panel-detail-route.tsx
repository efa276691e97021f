/**
 * The page of `/PanelDetail/$id`: the panel detail with the installer's programming and the panel's audit log put
 * into it. Each programming part loads with the programming chunk when it is first shown, and the audit tab with the
 * audit chunk when it opens, so neither weighs on the detail's first paint, and no feature imports another.
 */
import { lazy } from 'react';
import { PanelDetailPage } from '../features/panels/detail/panel-detail-page.tsx';
import type { PanelAuditProps } from '../lib/panels/panel-audit.ts';
import type { ProgrammingParts } from '../lib/panels/programming-parts.ts';

const entry = () => import('../features/programming/programming-entry.tsx');

const programming: ProgrammingParts = {
  SettingsTab: lazy(() => entry().then((module) => ({ default: module.ProgrammingSettingsTab }))),
  QueueTab: lazy(() => entry().then((module) => ({ default: module.ProgrammingQueueTab }))),
  ProgramRecords: lazy(() => entry().then((module) => ({ default: module.ProgrammingRecords }))),
  TemplateDialogs: lazy(() => entry().then((module) => ({ default: module.ProgrammingTemplates }))),
};

// The audit entry of a settings write shows its changes as the programming's review does (the programming chunk
// loads only when such an entry is opened).
const RecordedChanges = lazy(() => entry().then((module) => ({ default: module.ProgrammingRecordedChanges })));
const PanelAuditTab = lazy(() =>
  import('../features/audit/panel-audit-tab.tsx').then((module) => ({ default: module.PanelAuditTab })),
);

function Audit({ devId }: PanelAuditProps) {
  return <PanelAuditTab devId={devId} SettingsChanges={RecordedChanges} />;
}

export function PanelDetailRoute() {
  return <PanelDetailPage programming={programming} Audit={Audit} />;
}
