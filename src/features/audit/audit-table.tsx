/**
 * The audit log as the console's generic table: time, user, role, panel, object, action and how many fields changed,
 * newest first, paged by the server; filters (time range, user, panel, action) and the view in the state the page
 * gives (the URL), Excel export of the view, and a row opened (a click, Enter) as the entry with its changes,
 * old → new. The `/Audit` page shows every entry in reach; a panel's detail shows that panel's (`devId`).
 */
import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@generated/api/types.gen.ts';
import type { SettingsChangesProps } from '../../lib/panels/programming-parts.ts';
import { USER_TYPE_LABELS } from '../../lib/session/user-type.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { columnsOf } from '../../shared/table/columns.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import type { TableStateControl } from '../../shared/table/use-table-state.ts';
import { AUDIT_ACTIONS, auditFilters, auditLogQuery } from './api/audit-log.ts';
import { AuditEntryDialog } from './audit-entry-dialog.tsx';
import { actorName, objectLabel } from './audit-texts.ts';

const column = columnsOf<AuditEntry>();
const rowId = (entry: AuditEntry) => entry.id;

export interface AuditTableProps {
  /** The table's id (its remembered columns, its export's file name). */
  id: string;
  state: TableStateControl;
  /** Only this panel's entries (a panel's detail): no panel filter or column. */
  devId?: number;
  emptyText: string;
  /** The programming's view of a settings write's changes, handed by the route. */
  SettingsChanges: ComponentType<SettingsChangesProps>;
}

/** The filters of the audit table, in the interface language (the page's URL state is built from them). */
export function useAuditFilters(forPanel: boolean) {
  const { t } = useTranslation();
  return useMemo(
    () =>
      auditFilters(
        {
          from: t('audit.filters.from'),
          to: t('audit.filters.to'),
          user: t('audit.filters.user'),
          panel: t('audit.filters.panel'),
          action: t('audit.filters.action'),
          actionOptions: AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`audit.actions.${action}`) })),
        },
        forPanel,
      ),
    [t, forPanel],
  );
}

export function AuditTable({ id, state, devId, emptyText, SettingsChanges }: AuditTableProps) {
  const { t } = useTranslation();
  const forPanel = devId !== undefined;
  const filters = useAuditFilters(forPanel);
  const [opened, setOpened] = useState<AuditEntry>();
  const query = useMemo(() => auditLogQuery(devId), [devId]);
  const columns = useMemo(
    () => [
      column.field('time', {
        header: t('audit.columns.time'),
        hideable: false,
        // The whole time, seconds included ("26 September 2026 06:51:23"): what an audit is read for.
        minWidth: 230,
        format: (time) => formatDate(time, 'codeUsage'),
        exportValue: (entry) => new Date(entry.time),
      }),
      column.custom('user', { header: t('audit.columns.user'), minWidth: 150, value: (entry) => actorName(t, entry) }),
      column.custom('userType', {
        header: t('audit.columns.userType'),
        minWidth: 110,
        value: (entry) => (entry.user ? t(USER_TYPE_LABELS[entry.user.user_type]) : ''),
      }),
      ...(forPanel
        ? []
        : [
            column.field('panel', {
              header: t('audit.columns.panel'),
              minWidth: 150,
              format: (panel) => panel?.description ?? '',
            }),
            column.custom('devId', {
              header: t('audit.columns.devId'),
              minWidth: 150,
              value: (entry) => (entry.panel ? String(entry.panel.dev_id) : ''),
            }),
          ]),
      column.field('object', {
        header: t('audit.columns.object'),
        minWidth: 160,
        format: (object) => objectLabel(t, object),
      }),
      column.field('action', {
        header: t('audit.columns.action'),
        minWidth: 150,
        format: (action) => t(`audit.actions.${action}`),
      }),
      column.field('changes', {
        header: t('audit.columns.changes'),
        minWidth: 100,
        format: (changes) => (changes.length ? t('audit.changeCount', { count: changes.length }) : ''),
        exportValue: (entry) => entry.changes.length,
      }),
    ],
    [t, forPanel],
  );
  return (
    <>
      <DataTable
        id={id}
        label={t('audit.table')}
        columns={columns}
        filters={filters}
        getRowId={rowId}
        query={query}
        state={state}
        emptyText={emptyText}
        onOpen={setOpened}
        openOnClick
      />
      <AuditEntryDialog entry={opened} onClose={() => setOpened(undefined)} SettingsChanges={SettingsChanges} />
    </>
  );
}
