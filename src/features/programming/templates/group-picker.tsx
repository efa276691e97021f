/** Choosing the groups of a template to apply: a checkbox per group, by its title, with All and None. */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { schemaTranslate } from '../../../lib/forms/settings/settings-texts.ts';
import { groupTitle } from './template-texts.ts';

export interface GroupPickerProps {
  groups: readonly number[];
  chosen: ReadonlySet<number>;
  onChange(chosen: ReadonlySet<number>): void;
  disabled?: boolean;
}

export function GroupPicker({ groups, chosen, onChange, disabled }: GroupPickerProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const toggle = (group: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(group);
    else next.delete(group);
    onChange(next);
  };
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{tt('programming.templates.apply.groups', { count: chosen.size })}</FormLabel>
      <Stack direction="row" spacing={1}>
        <Button size="small" disabled={disabled} onClick={() => onChange(new Set(groups))}>
          {tt('programming.templates.apply.allGroups')}
        </Button>
        <Button size="small" disabled={disabled} onClick={() => onChange(new Set())}>
          {tt('programming.templates.apply.noGroups')}
        </Button>
      </Stack>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
        {groups.map((group) => (
          <FormControlLabel
            key={group}
            control={<Checkbox checked={chosen.has(group)} onChange={(event) => toggle(group, event.target.checked)} />}
            label={groupTitle(tt, group)}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
