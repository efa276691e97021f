/**
 * The groups of an import: a checkbox per group that changes (chosen by default) or could not be read (with the
 * reason, not choosable), each with its changes on demand; the groups the panel already has are named on one line.
 */
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { SettingsForm } from '@generated/settings/types.ts';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { GroupPlanRow, planWritable } from './group-plan-row.tsx';
import type { GroupPlan } from './template-plan.ts';
import { groupList, type AlarmNames } from './template-texts.ts';

export interface GroupChoiceListProps {
  plans: readonly GroupPlan[];
  chosen: ReadonlySet<number>;
  onToggle(group: number, on: boolean): void;
  forms: Readonly<Record<number, SettingsForm>>;
  alarmNames?: AlarmNames;
  disabled?: boolean;
}

/** A group the panel already has as the template says. */
export const planUnchanged = (plan: GroupPlan): boolean => !plan.failure && !plan.skipped && plan.changeCount === 0;

export function GroupChoiceList({ plans, chosen, onToggle, forms, alarmNames, disabled }: GroupChoiceListProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const same = plans.filter(planUnchanged).map((plan) => plan.group);
  return (
    <>
      <List dense disablePadding aria-label={tt('programming.templates.import.groups')}>
        {plans
          .filter((plan) => !planUnchanged(plan))
          .map((plan) => (
            <GroupPlanRow
              key={plan.group}
              plan={plan}
              forms={forms}
              alarmNames={alarmNames}
              control={
                <Checkbox
                  checked={planWritable(plan) && chosen.has(plan.group)}
                  disabled={disabled || !planWritable(plan)}
                  onChange={(event) => onToggle(plan.group, event.target.checked)}
                />
              }
            />
          ))}
      </List>
      {same.length > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {tt('programming.templates.plan.unchangedGroups', { groups: groupList(tt, same) })}
        </Typography>
      ) : null}
    </>
  );
}
