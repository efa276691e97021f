import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { SettingsTarget } from '../../lib/forms/settings/settings-body.ts';
import { SettingsDialog } from './settings-dialog.tsx';

/** Programs 0-7 of automation and timed arm/disarm (spec 2 §9). */
export const PROGRAMS = [0, 1, 2, 3, 4, 5, 6, 7] as const;

export interface ProgramListProps {
  group: number;
  target: Omit<SettingsTarget, 'record'>;
  blockedReason?: string;
  offline?: boolean;
}

/** The 8 numbered programs of a group, each with an Edit button opening its dialog (spec 2 §2). */
export function ProgramList({ group, target, blockedReason, offline }: ProgramListProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number>();
  return (
    <>
      <List aria-label={t('programming.programs')}>
        {PROGRAMS.map((program) => (
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
