/**
 * The page of `/PanelDetail/$id`: the panel detail with the installer's programming put into it. Each programming
 * part loads with the programming chunk when it is first shown, so the forms never weigh on the detail's first
 * paint, and neither feature imports the other.
 */
import { lazy } from 'react';
import { PanelDetailPage } from '../features/panels/detail/panel-detail-page.tsx';
import type { ProgrammingParts } from '../lib/panels/programming-parts.ts';

const entry = () => import('../features/programming/programming-entry.tsx');

const programming: ProgrammingParts = {
  SettingsTab: lazy(() => entry().then((module) => ({ default: module.ProgrammingSettingsTab }))),
  ProgramRecords: lazy(() => entry().then((module) => ({ default: module.ProgrammingRecords }))),
  TemplateDialogs: lazy(() => entry().then((module) => ({ default: module.ProgrammingTemplates }))),
};

export function PanelDetailRoute() {
  return <PanelDetailPage programming={programming} />;
}
