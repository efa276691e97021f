/**
 * The programming chunk's entry: the parts the panel detail shows (`ProgrammingParts`), which its route loads
 * lazily, only when a settings tab, a list tab's programming or a template dialog is shown, so the forms (RJSF, AJV,
 * the time picker and the settings texts) never weigh on another page. Nothing renders before the settings texts of the current language are there (no key ever shows).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import CircularProgress from '@mui/material/CircularProgress';
import { loadSettingsTexts } from '../../lib/i18n/i18n.ts';
import type {
  ProgramRecordsProps,
  QueueTabProps,
  SettingsChangesProps,
  SettingsTabProps,
  TemplateDialogsProps,
} from '../../lib/panels/programming-parts.ts';
import { ProgramRecords } from './program-records.tsx';
import { QueueTab } from './queue/queue-tab.tsx';
import { RecordedChanges } from './recorded-changes.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { TemplateDialogs } from './templates/template-dialogs.tsx';
import { ErrorWithRetry } from '../../shared/page/error-with-retry.tsx';

function WithSettingsTexts({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // One key for every language: a language switch loads the settings texts before it switches, so an open form
  // stays mounted (with what was typed) and re-renders in the new language.
  const texts = useQuery({
    queryKey: ['settingsTexts'],
    queryFn: async () => {
      await loadSettingsTexts();
      return true;
    },
    staleTime: Infinity,
    retry: false,
  });
  if (texts.isError) {
    return <ErrorWithRetry onRetry={() => void texts.refetch()}>{t('panelDetail.settings.loadFailed')}</ErrorWithRetry>;
  }
  if (!texts.data) return <CircularProgress aria-label={t('common.loading')} />;
  return <>{children}</>;
}

export function ProgrammingSettingsTab(props: SettingsTabProps) {
  return (
    <WithSettingsTexts>
      <SettingsTab {...props} />
    </WithSettingsTexts>
  );
}

export function ProgrammingQueueTab(props: QueueTabProps) {
  return (
    <WithSettingsTexts>
      <QueueTab {...props} />
    </WithSettingsTexts>
  );
}

export function ProgrammingRecords(props: ProgramRecordsProps) {
  return (
    <WithSettingsTexts>
      <ProgramRecords {...props} />
    </WithSettingsTexts>
  );
}

export function ProgrammingTemplates(props: TemplateDialogsProps) {
  return (
    <WithSettingsTexts>
      <TemplateDialogs {...props} />
    </WithSettingsTexts>
  );
}

/** The changes a settings write made, as the audit log recorded them (the audit page's entry). */
export function ProgrammingRecordedChanges(props: SettingsChangesProps) {
  return (
    <WithSettingsTexts>
      <RecordedChanges {...props} />
    </WithSettingsTexts>
  );
}
