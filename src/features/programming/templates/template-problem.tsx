/** Why a template file was refused (nothing of it is written), with the first records its schema refuses. */
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import type { TemplateErrorDetail, TemplateErrorKey } from '../../../lib/forms/settings/template-file.ts';
import { groupRecordLabel, type AlarmNames } from './template-texts.ts';

export interface TemplateProblemProps {
  error: TemplateErrorKey;
  detail?: TemplateErrorDetail;
  alarmNames?: AlarmNames;
}

export function TemplateProblem({ error, detail, alarmNames }: TemplateProblemProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const invalid = detail?.invalid ?? [];
  const count = Number(detail?.values?.count ?? invalid.length);
  return (
    <Alert severity="error" role="alert">
      <AlertTitle>{tt('programming.templates.errors.title')}</AlertTitle>
      {tt(error, detail?.values)}
      {invalid.length > 0 ? (
        <Box component="ul" sx={{ my: 1, pl: 3 }}>
          {invalid.map(({ group, record, fields }) => (
            <li key={`${group}/${record}`}>
              {groupRecordLabel(tt, group, record, alarmNames)}
              {fields.length > 0
                ? `: ${fields.map((keys) => keys.map((key) => tt(`${key}.label`)).join(' › ')).join(', ')}`
                : ''}
            </li>
          ))}
        </Box>
      ) : null}
      {count > invalid.length ? tt('programming.templates.errors.more', { count: count - invalid.length }) : null}
    </Alert>
  );
}
