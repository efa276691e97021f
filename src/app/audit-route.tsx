/**
 * The page of `/Audit`: the audit log with the programming's review of changes put into it for settings writes. The
 * programming part loads with the programming chunk only when an entry with settings changes is opened, and neither
 * feature imports the other.
 */
import { lazy } from 'react';
import { AuditPage } from '../features/audit/audit-page.tsx';

const RecordedChanges = lazy(() =>
  import('../features/programming/programming-entry.tsx').then((module) => ({
    default: module.ProgrammingRecordedChanges,
  })),
);

export function AuditRoute() {
  return <AuditPage SettingsChanges={RecordedChanges} />;
}
