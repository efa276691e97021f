/**
 * A panel's "Audit" tab (who did what): the audit table of `/Audit` with that panel's entries only (the
 * proposed `GET /audit-log` with its `dev_id`), a row opening the entry with its changes, old → new. It loads with
 * the audit chunk when the tab opens, with the audit log's and the generic table's texts (the administration's part
 * of the locale files), which the panel detail does not carry: nothing renders before they are there. The table's
 * view (page, filters) is kept in the tab, not in the URL, whose search is the detail's open tab.
 */
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import CircularProgress from '@mui/material/CircularProgress';
import { loadAdminTexts } from '../../lib/i18n/i18n.ts';
import type { PanelAuditProps } from '../../lib/panels/panel-audit.ts';
import type { SettingsChangesProps } from '../../lib/panels/programming-parts.ts';
import { ErrorWithRetry } from '../../shared/page/error-with-retry.tsx';
import { useLocalTableState } from '../../shared/table/use-table-state.ts';
import { AuditTable } from './audit-table.tsx';

function WithAuditTexts({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // One key for every language: a language switch loads the parts already asked for before it switches.
  const texts = useQuery({
    queryKey: ['adminTexts'],
    queryFn: async () => {
      await loadAdminTexts();
      return true;
    },
    staleTime: Infinity,
    retry: false,
  });
  if (texts.isError) {
    return <ErrorWithRetry onRetry={() => void texts.refetch()}>{t('panelDetail.auditTextsFailed')}</ErrorWithRetry>;
  }
  if (!texts.data) return <CircularProgress aria-label={t('common.loading')} />;
  return <>{children}</>;
}

function PanelAuditTable({ devId, SettingsChanges }: PanelAuditTabProps) {
  const { t } = useTranslation();
  const state = useLocalTableState();
  return (
    <AuditTable
      id="panelAudit"
      state={state}
      devId={devId}
      emptyText={t('audit.panelEmpty')}
      SettingsChanges={SettingsChanges}
    />
  );
}

export interface PanelAuditTabProps extends PanelAuditProps {
  /** The programming's view of a settings write's changes, handed by the route. */
  SettingsChanges: ComponentType<SettingsChangesProps>;
}

export function PanelAuditTab(props: PanelAuditTabProps) {
  return (
    <WithAuditTexts>
      <PanelAuditTable {...props} />
    </WithAuditTexts>
  );
}
