/**
 * Programming the records of a list tab (spec 2 §2): the picker of zone 1-19, output 1-10, user 1-19 (user 0, the
 * programmer entry, for the installer) or keypad 1-4, opening that record's form in the programming dialog. Only
 * the installer sees it (the installer flag gates adding zones, outputs and keypads); it writes only while the
 * panel can be programmed (the reason is shown otherwise).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { useQuery } from '@tanstack/react-query';
import { keypadsOptions, outputsOptions, panelUsersOptions, zonesOptions } from '../../lib/panels/panel-queries.ts';
import type { ProgrammedList, ProgramRecordsProps } from '../../lib/panels/programming-parts.ts';
import { RecordPicker } from './record-picker.tsx';
import { SettingsDialog } from './settings-dialog.tsx';

interface ListSettings {
  group: number;
  numbers: number[];
  /** The record of a number as people know it (zone 3 is record 2; user 3 is record 3). */
  record(number: number): number;
  label: TranslationKey;
  button: TranslationKey;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

export const LIST_SETTINGS: Record<ProgrammedList, ListSettings> = {
  zones: {
    group: 0,
    numbers: range(1, 19),
    record: (n) => n - 1,
    label: 'programming.pick.zone',
    button: 'programming.pick.programZone',
  },
  outs: {
    group: 4,
    numbers: range(1, 10),
    record: (n) => n - 1,
    label: 'programming.pick.output',
    button: 'programming.pick.programOutput',
  },
  users: {
    group: 2,
    numbers: range(0, 19),
    record: (n) => n,
    label: 'programming.pick.user',
    button: 'programming.pick.programUser',
  },
  keypads: {
    group: 1,
    numbers: range(1, 4),
    record: (n) => n - 1,
    label: 'programming.pick.keypad',
    button: 'programming.pick.programKeypad',
  },
};

/**
 * Names the panel's lists give each record number (as shown: +1 for zones, outputs and keypads): the list the tab
 * already loaded, never fetched again for the picker (an output switch must not reload the outputs).
 */
function useNames(list: ProgrammedList, devId: number): Map<number, string> {
  const shared = { refetchOnMount: false, refetchOnWindowFocus: false } as const;
  const zones = useQuery({ ...zonesOptions(devId), ...shared, enabled: list === 'zones' });
  const outs = useQuery({ ...outputsOptions(devId), ...shared, enabled: list === 'outs' });
  const users = useQuery({ ...panelUsersOptions(devId), ...shared, enabled: list === 'users' });
  const keypads = useQuery({ ...keypadsOptions(devId), ...shared, enabled: list === 'keypads' });
  const names = new Map<number, string>();
  if (list === 'zones') for (const zone of zones.data?.data ?? []) names.set(zone.zone_no + 1, zone.name);
  if (list === 'outs') for (const out of outs.data?.data ?? []) names.set(out.out_no + 1, out.name);
  if (list === 'users') for (const user of users.data?.data ?? []) names.set(user.user_no, user.name);
  if (list === 'keypads') for (const keypad of keypads.data?.data ?? []) names.set(keypad.keypad_no + 1, keypad.name);
  return names;
}

export function ProgramRecords({ list, devId, login, blockedReason, offline }: ProgramRecordsProps) {
  const { t } = useTranslation();
  const settings = LIST_SETTINGS[list];
  const names = useNames(list, devId);
  const [open, setOpen] = useState<number>();
  return (
    <Box sx={{ mt: 2 }}>
      <RecordPicker
        numbers={settings.numbers}
        label={t(settings.label)}
        buttonLabel={t(settings.button)}
        nameOf={(number) => names.get(number)}
        onPick={setOpen}
      />
      <SettingsDialog
        open={open !== undefined}
        group={settings.group}
        target={{ devId, password: login.password, record: settings.record(open ?? settings.numbers[0]!) }}
        number={open ?? 0}
        name={open !== undefined ? names.get(open) : undefined}
        blockedReason={blockedReason}
        offline={offline}
        onClose={() => setOpen(undefined)}
      />
    </Box>
  );
}
