/** Where a template comes from: the panel it was read from, when, and how many groups it holds. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import {
  templateGroupNumbers,
  templateRecords,
  type ProgrammingTemplate,
} from '../../../lib/forms/settings/template-file.ts';

export interface TemplateSummaryProps {
  template: ProgrammingTemplate;
  /** The panel it will be written to: a template of another panel is said so. */
  targetDevId?: number;
}

export function TemplateSummary({ template, targetDevId }: TemplateSummaryProps) {
  const { t, i18n } = useTranslation();
  const tt = schemaTranslate(t);
  const { panel } = template;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(template.exportedAt),
  );
  const foreign = targetDevId !== undefined && panel.devId !== targetDevId;
  return (
    <Alert severity={foreign ? 'warning' : 'info'}>
      {tt('programming.templates.summary.source', {
        panel: panel.description ? `${panel.description} (${panel.devId})` : String(panel.devId),
        date,
        groups: templateGroupNumbers(template).length,
        records: templateRecords(template).length,
      })}
      {foreign ? ` ${tt('programming.templates.summary.otherPanel')}` : ''}
    </Alert>
  );
}
