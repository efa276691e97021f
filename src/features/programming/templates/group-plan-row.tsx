/** One group of a plan: its title, what it would change (or why it could not be read) and, on demand, the changes. */
import { useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SettingsForm } from '@generated/settings/types.ts';
import { schemaTranslate, type Translate } from '../../../lib/forms/settings/settings-texts.ts';
import { GroupChanges } from './group-changes.tsx';
import type { GroupPlan } from './template-plan.ts';
import { groupTitle, reasonText, type AlarmNames } from './template-texts.ts';

/** What a plan says beside its title. */
export function planState(tt: Translate, plan: GroupPlan): string {
  if (plan.failure || plan.skipped) return reasonText(tt, plan.failure);
  if (plan.changeCount === 0) return tt('programming.templates.plan.noChanges');
  return `${tt('programming.templates.plan.changes', { count: plan.changeCount })} · ${tt(
    'programming.templates.plan.records',
    { count: plan.records.length },
  )}`;
}

/** A plan that can be written: read, and something changes. */
export const planWritable = (plan: GroupPlan): boolean => !plan.failure && !plan.skipped && plan.changeCount > 0;

export interface GroupPlanRowProps {
  plan: GroupPlan;
  forms: Readonly<Record<number, SettingsForm>>;
  alarmNames?: AlarmNames;
  /** A checkbox choosing the group; its label is the group's title and state. */
  control?: ReactElement;
  /** The level of the records' headings in the changes. */
  headingLevel?: 'h3' | 'h4' | 'h5';
}

export function GroupPlanRow({ plan, forms, alarmNames, control, headingLevel }: GroupPlanRowProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const label = (
    <Box>
      <Typography variant="body1">{groupTitle(tt, plan.group)}</Typography>
      <Typography variant="body2" color={plan.failure ? 'error' : 'text.secondary'}>
        {planState(tt, plan)}
      </Typography>
    </Box>
  );
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          {control ? <FormControlLabel sx={{ mr: 0 }} control={control} label={label} /> : label}
        </Box>
        {plan.records.length > 0 ? (
          <Button size="small" aria-expanded={open} aria-controls={detailId} onClick={() => setOpen(!open)}>
            {open ? tt('programming.templates.plan.hide') : tt('programming.templates.plan.show')}
          </Button>
        ) : null}
      </Stack>
      {plan.records.length > 0 ? (
        <Collapse in={open} id={detailId} unmountOnExit>
          <Box sx={{ pl: { sm: 4 }, py: 1 }}>
            <GroupChanges
              plan={plan}
              schema={forms[plan.group]?.schema}
              alarmNames={alarmNames}
              headingLevel={headingLevel}
            />
          </Box>
        </Collapse>
      ) : null}
    </ListItem>
  );
}
