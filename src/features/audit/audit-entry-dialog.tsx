/**
 * An audit entry opened from the table: when, who, on which panel or object, what, and its changes old → new. A
 * settings write's changes are shown by the programming's review of changes (the form's labels and values, handed
 * by the route as `SettingsChanges`); the changes of any other action as a plain field, old, new table.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@generated/api/types.gen.ts';
import type { SettingsChangesProps } from '../../lib/panels/programming-parts.ts';
import { USER_TYPE_LABELS } from '../../lib/session/user-type.ts';
import { formatDate } from '../../shared/format/dates.ts';
import { actorName, objectLabel, recordedValue } from './audit-texts.ts';
import { LazyPart } from '../../shared/dialogs/lazy-part.tsx';

export interface AuditEntryDialogProps {
  entry: AuditEntry | undefined;
  onClose(): void;
  SettingsChanges: ComponentType<SettingsChangesProps>;
}

function Changes({
  entry,
  SettingsChanges,
}: {
  entry: AuditEntry;
  SettingsChanges: AuditEntryDialogProps['SettingsChanges'];
}) {
  const { t } = useTranslation();
  if (entry.changes.length === 0) return <Typography variant="body2">{t('audit.entry.noChanges')}</Typography>;
  if (entry.action === 'settings_write' || entry.action === 'template_apply') {
    if (typeof entry.group === 'number') {
      return (
        <LazyPart>
          <SettingsChanges group={entry.group} changes={entry.changes} />
        </LazyPart>
      );
    }
  }
  const unknown = t('audit.entry.unknown');
  return (
    <Table size="small" aria-label={t('audit.entry.changes')}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {t('audit.entry.field')}
          </TableCell>
          <TableCell component="th" scope="col">
            {t('audit.entry.old')}
          </TableCell>
          <TableCell component="th" scope="col">
            {t('audit.entry.new')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entry.changes.map((change) => (
          <TableRow key={change.field}>
            <TableCell component="th" scope="row">
              {change.field}
            </TableCell>
            <TableCell>{recordedValue(change.old, unknown)}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>{recordedValue(change.new, unknown)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function AuditEntryDialog({ entry, onClose, SettingsChanges }: AuditEntryDialogProps) {
  const { t } = useTranslation();
  const facts: [string, string][] = entry
    ? [
        [t('audit.entry.time'), formatDate(entry.time, 'codeUsage')],
        [
          t('audit.entry.user'),
          entry.user ? `${entry.user.name} (${t(USER_TYPE_LABELS[entry.user.user_type])})` : actorName(t, entry),
        ],
        [t('audit.entry.accountName'), entry.account_name ?? ''],
        [t('audit.entry.client'), entry.client ?? ''],
        [t('audit.entry.panel'), entry.panel ? `${entry.panel.description} (${entry.panel.dev_id})` : ''],
        [t('audit.entry.object'), objectLabel(t, entry.object)],
        [t('audit.entry.action'), t(`audit.actions.${entry.action}`)],
        [t('audit.entry.operation'), entry.operation ?? ''],
        [t('audit.entry.group'), typeof entry.group === 'number' ? String(entry.group) : ''],
        [t('audit.entry.record'), typeof entry.record === 'number' ? String(entry.record) : ''],
      ]
    : [];
  return (
    <Dialog open={entry !== undefined} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="audit-entry-title">
      <DialogTitle id="audit-entry-title">{entry ? t('audit.entry.title', { id: entry.id }) : ''}</DialogTitle>
      <DialogContent>
        {entry ? (
          <>
            <Table size="small" sx={{ mb: 2 }}>
              <TableBody>
                {facts
                  .filter(([, value]) => value !== '')
                  .map(([label, value]) => (
                    <TableRow key={label}>
                      <TableCell component="th" scope="row" sx={{ width: '30%' }}>
                        {label}
                      </TableCell>
                      <TableCell>{value}</TableCell>
                    </TableRow>
                  ))}
              </TableBody>
            </Table>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {t('audit.entry.changes')}
            </Typography>
            <Changes entry={entry} SettingsChanges={SettingsChanges} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('audit.entry.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
