import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { SettingsTarget } from '../../lib/forms/settings/settings-body.ts';
import { recordsOf } from '../../lib/forms/settings/settings-records.ts';
import { SettingsDialog } from './settings-dialog.tsx';

export interface ProgramListProps {
  group: number;
  target: Omit<SettingsTarget, 'record'>;
  blockedReason?: string;
  offline?: boolean;
}

/**
 * The numbered programs of a group (0-7 of automation and timed arm/disarm, spec 2 §9: the group's records in the
 * contract), each with an Edit button opening its dialog (spec 2 §2).
 */
export function ProgramList({ group, target, blockedReason, offline }: ProgramListProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number>();
  const programs = recordsOf(group, []);
  return (
    <>
      <List aria-label={t('programming.programs')}>
        {programs.map((program) => (
          <ListItem
            key={program}
            divider
            secondaryAction={
              <Button onClick={() => setOpen(program)} aria-label={t('programming.editProgram', { number: program })}>
                {t('programming.edit')}
              </Button>
            }
          >
            <ListItemText primary={t('programming.program', { number: program })} />
          </ListItem>
        ))}
      </List>
      <SettingsDialog
        open={open !== undefined}
        group={group}
        target={{ ...target, record: open ?? 0 }}
        number={open ?? 0}
        name={t('programming.program', { number: open ?? 0 })}
        blockedReason={blockedReason}
        offline={offline}
        onClose={() => setOpen(undefined)}
      />
    </>
  );
}
