import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { JsonObject } from '@generated/settings/types.ts';
import type { SettingsChange } from '../../lib/forms/settings/settings-diff.ts';
import { uiOptions } from '../../lib/forms/settings/schema-walk.ts';
import { schemaTranslate } from '../../lib/forms/settings/settings-texts.ts';
import { settingValue, type ValueContext } from './setting-value.ts';
import { isLookupName, lookupQuery, type LookupEntry } from './use-lookup.ts';

/**
 * The changes of a diff as a table: field (with its parents), value on the panel, value to write; `recorded` heads
 * the values as before and after (changes already made, as the audit log recorded them).
 */
export function ChangeTable({
  changes,
  root,
  recorded = false,
}: {
  changes: SettingsChange[];
  root?: JsonObject;
  recorded?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const lookups: ValueContext['lookups'] = {};
  for (const change of changes) {
    const name = uiOptions(change.ui).lookup;
    if (isLookupName(name) && !lookups[name]) {
      const cached = queryClient.getQueryData(lookupQuery(name).queryKey) as { data?: LookupEntry[] } | undefined;
      lookups[name] = cached?.data ?? [];
    }
  }
  const context: ValueContext = { t: schemaTranslate(t), language: i18n.language, root: root ?? {}, lookups };
  return (
    <Table size="small" aria-label={t('programming.diff.table')}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {t('programming.diff.field')}
          </TableCell>
          <TableCell component="th" scope="col">
            {recorded ? t('programming.recorded.before') : t('programming.diff.before')}
          </TableCell>
          <TableCell component="th" scope="col">
            {recorded ? t('programming.recorded.after') : t('programming.diff.after')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.path.join('.')}>
            <TableCell component="th" scope="row">
              {change.labelKeys.map((key) => context.t(`${key}.label`)).join(' › ')}
            </TableCell>
            <TableCell>{settingValue(change.before, change.schema, change.ui, context)}</TableCell>
            <TableCell sx={{ fontWeight: 600 }}>
              {settingValue(change.after, change.schema, change.ui, context)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
