/**
 * `/Audit` (menu level 1; who did what): the audit log (the proposed `GET /audit-log`) on the generic
 * table. An administrator sees every entry, a dealer those on its users' panels and by or about its users (the
 * server's reach). Filters, page and size live in the URL; a row opens the entry with its changes, old → new.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsChangesProps } from '../../lib/panels/programming-parts.ts';
import { Page } from '../../shared/page/page.tsx';
import { useTableUrlState } from '../../shared/table/use-table-state.ts';
import { AuditTable, useAuditFilters } from './audit-table.tsx';

export interface AuditPageProps {
  SettingsChanges: ComponentType<SettingsChangesProps>;
}

export function AuditPage({ SettingsChanges }: AuditPageProps) {
  const { t } = useTranslation();
  const state = useTableUrlState(useAuditFilters(false));
  return (
    <Page title={t('audit.title')}>
      <AuditTable id="audit" state={state} emptyText={t('audit.empty')} SettingsChanges={SettingsChanges} />
    </Page>
  );
}
