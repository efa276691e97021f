/**
 * The changes of one group (of one panel), record by record, each as the settings diff table (old → new). The
 * lookup lists the changes name are fetched, so a changed zone type reads as its name, not its code.
 */
import { useTranslation } from 'react-i18next';
import { useQueries } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JsonObject } from '@generated/settings/types.ts';
import { uiOptions } from '../../../lib/forms/settings/schema-walk.ts';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { ChangeTable } from '../change-table.tsx';
import { isLookupName, lookupQuery } from '../use-lookup.ts';
import type { GroupPlan } from './template-plan.ts';
import { recordLabel, type AlarmNames } from './template-texts.ts';

function useChangeLookups(plan: GroupPlan) {
  const names = new Set<string>();
  for (const record of plan.records) {
    for (const change of record.changes) {
      const name = uiOptions(change.ui).lookup;
      if (isLookupName(name)) names.add(name);
    }
  }
  useQueries({ queries: [...names].filter(isLookupName).map((name) => lookupQuery(name)) });
}

export interface GroupChangesProps {
  plan: GroupPlan;
  /** The group's schema (its shared definitions, to show the values). */
  schema?: JsonObject;
  alarmNames?: AlarmNames;
  /** The level of the records' headings, under the heading the changes are shown in. */
  headingLevel?: 'h3' | 'h4' | 'h5';
}

export function GroupChanges({ plan, schema, alarmNames, headingLevel = 'h3' }: GroupChangesProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  useChangeLookups(plan);
  return (
    <Stack spacing={2} sx={{ overflowX: 'auto' }}>
      {plan.records.map((record) => {
        const label = recordLabel(tt, record.group, record.record, alarmNames);
        return (
          <section key={record.record} aria-label={label || undefined}>
            {label ? (
              <Typography variant="subtitle2" component={headingLevel} sx={{ mb: 0.5 }}>
                {label}
              </Typography>
            ) : null}
            <ChangeTable changes={record.changes} root={schema} />
          </section>
        );
      })}
    </Stack>
  );
}
