/**
 * The programming a panel's detail shows, as parts it is handed: the settings tabs of the installer's "other
 * menu", the programming of a list tab's records and the template dialogs. The programming feature makes them and
 * the route puts them into the detail, so the two features never import each other; the parts load with the
 * programming chunk, only when one is shown.
 */
import type { ComponentType } from 'react';
import type { PanelSettingsTab } from '../routing/panel-detail-search.ts';
import type { PanelLogin } from '../session/panel-logins.ts';

/** The list tabs whose records the installer programs. */
export type ProgrammedList = 'zones' | 'outs' | 'users' | 'keypads';

export type TemplateDialogName = 'export' | 'import' | 'apply';

/**
 * Why the panel cannot be programmed now, translated; the forms show it and do not write. `offline`: the panel is
 * not connected, so the forms open from the server's known copy and queue what is saved.
 */
type Blocked = { blockedReason?: string; offline?: boolean };

export interface SettingsTabProps extends Blocked {
  tab: PanelSettingsTab;
  devId: number;
  password: string;
}

export interface ProgramRecordsProps extends Blocked {
  list: ProgrammedList;
  devId: number;
  login: PanelLogin;
}

export interface TemplateDialogsProps {
  devId: number;
  panelName: string;
  login: PanelLogin;
  /** The dialog open now, if any. */
  opened: TemplateDialogName | undefined;
  onClose(): void;
}

/** The panel detail's Queue tab: the panel's queued settings writes. */
export interface QueueTabProps {
  devId: number;
  /** May cancel writes and choose a conflicted write's values (the installer's programming). */
  canChange: boolean;
}

export interface ProgrammingParts {
  SettingsTab: ComponentType<SettingsTabProps>;
  QueueTab: ComponentType<QueueTabProps>;
  ProgramRecords: ComponentType<ProgramRecordsProps>;
  TemplateDialogs: ComponentType<TemplateDialogsProps>;
}

/** One field a settings write changed, old → new, as the audit log records it (`AuditChange`). */
export interface RecordedChange {
  field: string;
  old?: unknown;
  new?: unknown;
}

/** The changes a settings write made to one record of a group, to show as the programming's review of changes. */
export interface SettingsChangesProps {
  group: number;
  changes: readonly RecordedChange[];
}
