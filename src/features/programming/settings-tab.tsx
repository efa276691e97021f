/**
 * A settings tab of the installer's other menu (spec 1 §2, spec 2 §2): each group it programs as a generated form —
 * the two monitoring centres (member 0 and 1) with the general CMS settings, the alarm settings per alarm code, the
 * 8 programs of automation and timed arm/disarm, network with wifi, DNS and domains, the message to the panel, and
 * one form for every other group.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { settingsFormIndex } from '@generated/settings/index.ts';
import type { SettingsTarget } from '../../lib/forms/settings/settings-body.ts';
import { recordKind, recordsOf } from '../../lib/forms/settings/settings-records.ts';
import { schemaTranslate } from '../../lib/forms/settings/settings-texts.ts';
import type { SettingsTabProps } from '../../lib/panels/programming-parts.ts';
import { SETTINGS_GROUPS } from './settings-groups.ts';
import { ProgramList } from './program-list.tsx';
import { SettingsEditor } from './settings-editor.tsx';
import { useLookup } from './use-lookup.ts';

type Base = Omit<SettingsTarget, 'record'>;
type Gate = { blockedReason?: string; offline?: boolean };
type Section = { group: number; base: Base } & Gate;

/** The monitoring centres (the group's records, 0 and 1), one chosen at a time. */
function CmsSection({ group, base, blockedReason, offline }: Section) {
  const { t } = useTranslation();
  const [member, setMember] = useState<number>(0);
  return (
    <Stack spacing={1}>
      <ToggleButtonGroup
        exclusive
        value={member}
        onChange={(_event, next: number | null) => next !== null && setMember(next)}
        aria-label={t('programming.cmsChoice')}
        size="small"
      >
        {recordsOf(group, []).map((value) => (
          <ToggleButton key={value} value={value}>
            {t('programming.cms', { number: value + 1 })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <SettingsEditor
        key={member}
        group={group}
        target={{ ...base, record: member }}
        blockedReason={blockedReason}
        offline={offline}
      />
    </Stack>
  );
}

/** The alarm settings, one alarm code (a record of the group) chosen from the alarm description list. */
function AlarmSection({ group, base, blockedReason, offline }: Section) {
  const { t } = useTranslation();
  const { entries, isPending } = useLookup('getAlarmDescriptions');
  const [code, setCode] = useState<number>();
  const chosen = code ?? entries[0]?.Code;
  return (
    <Stack spacing={1}>
      <TextField
        select
        size="small"
        label={t('programming.alarmCode')}
        value={chosen ?? ''}
        onChange={(event) => setCode(Number(event.target.value))}
        helperText={isPending ? t('common.loading') : undefined}
        sx={{ maxWidth: 420 }}
      >
        {entries.map((entry) => (
          <MenuItem key={entry.Code} value={entry.Code}>
            {entry.Description}
          </MenuItem>
        ))}
      </TextField>
      {chosen !== undefined ? (
        <SettingsEditor
          key={chosen}
          group={group}
          target={{ ...base, record: chosen }}
          blockedReason={blockedReason}
          offline={offline}
        />
      ) : null}
    </Stack>
  );
}

/** A group drawn by what its records are (the contract's `x-records`); a group of one record is its form. */
function GroupSection({ group, base, blockedReason, offline }: Section) {
  const gate = { blockedReason, offline };
  const kind = recordKind(group);
  if (kind === 'cms') return <CmsSection group={group} base={base} {...gate} />;
  if (kind === 'alarm') return <AlarmSection group={group} base={base} {...gate} />;
  if (kind === 'program') return <ProgramList group={group} target={base} {...gate} />;
  return <SettingsEditor group={group} target={{ ...base, record: 0 }} {...gate} />;
}

export function SettingsTab({ tab, devId, password, blockedReason, offline }: SettingsTabProps) {
  const { t } = useTranslation();
  const tt = schemaTranslate(t);
  const groups = SETTINGS_GROUPS[tab];
  const base = { devId, password };
  return (
    <Stack spacing={2}>
      {groups.map((group) => {
        const slug = settingsFormIndex.find((entry) => entry.group === group)?.slug ?? '';
        return (
          <Paper
            key={group}
            variant="outlined"
            component="section"
            sx={{ p: { xs: 1.5, sm: 2 } }}
            aria-labelledby={`settings-section-${group}`}
          >
            <Typography id={`settings-section-${group}`} component="h2" variant="h6" sx={{ mb: 1 }}>
              {tt(`settings.${slug}.title`)}
            </Typography>
            <GroupSection group={group} base={base} blockedReason={blockedReason} offline={offline} />
          </Paper>
        );
      })}
    </Stack>
  );
}
