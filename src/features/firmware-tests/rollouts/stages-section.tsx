/** The stages of a roll-out to start: shares of the target (cumulative) or explicit lists, added and removed. */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import type { FieldRule } from '../../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import { FormSection as Section } from './form-section.tsx';
import { MAX_STAGES, type RolloutFormState, type StageKind } from './rollout-form-state.ts';
import { percentRules } from './validation.ts';

export interface StagesSectionProps {
  form: RolloutFormState;
  /** A field's message once the person left it, else undefined. */
  shown(name: string, key: TranslationKey | undefined, rule?: FieldRule): string | undefined;
}

export function StagesSection({ form, shown }: StagesSectionProps) {
  const { t } = useTranslation();
  const { stageKind, setStageKind, stagesCount, stageErrors, percents, setPercents, stageLists, setStageLists, touch } =
    form;
  return (
    <Section>
      <TextField
        select
        label={t('firmwareRollouts.start.stages')}
        value={stageKind}
        onChange={(event) => setStageKind(event.target.value as StageKind)}
      >
        <MenuItem value="percent">{t('firmwareRollouts.start.stagesPercent')}</MenuItem>
        <MenuItem value="list">{t('firmwareRollouts.start.stagesList')}</MenuItem>
      </TextField>
      {Array.from({ length: stagesCount }, (_, index) => {
        const name = `stage-${stageKind}-${index}`;
        const label = t('firmwareRollouts.start.stageLabel', { stage: index + 1 });
        const error = shown(name, stageErrors[index], stageKind === 'percent' ? percentRules.rules.percent : undefined);
        const remove = () =>
          stageKind === 'percent'
            ? setPercents((now) => now.filter((_, at) => at !== index))
            : setStageLists((now) => now.filter((_, at) => at !== index));
        return (
          <Stack key={name} direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
            {stageKind === 'percent' ? (
              <TextField
                label={label}
                value={percents[index]}
                onChange={(event) =>
                  setPercents((now) => now.map((value, at) => (at === index ? event.target.value : value)))
                }
                onBlur={touch(name)}
                error={Boolean(error)}
                helperText={error ?? t('firmwareRollouts.start.percentHelp')}
                required
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ flex: 1 }}
              />
            ) : (
              <TextField
                label={label}
                value={stageLists[index]}
                onChange={(event) =>
                  setStageLists((now) => now.map((value, at) => (at === index ? event.target.value : value)))
                }
                onBlur={touch(name)}
                error={Boolean(error)}
                helperText={error ?? t('firmwareRollouts.start.listHelp')}
                multiline
                minRows={2}
                required
                sx={{ flex: 1 }}
              />
            )}
            <Button
              aria-label={t('firmwareRollouts.start.removeStage', { stage: index + 1 })}
              onClick={remove}
              disabled={stagesCount <= 1}
              sx={{ mt: 1 }}
            >
              {t('firmwareRollouts.start.remove')}
            </Button>
          </Stack>
        );
      })}
      <Button
        startIcon={<AddIcon />}
        sx={{ alignSelf: 'flex-start' }}
        disabled={stagesCount >= MAX_STAGES}
        onClick={() =>
          stageKind === 'percent' ? setPercents((now) => [...now, '100']) : setStageLists((now) => [...now, ''])
        }
      >
        {t('firmwareRollouts.start.addStage')}
      </Button>
    </Section>
  );
}
