/**
 * The state of the roll-out start form: what is typed, each field's message key (the rules come from the contract's
 * schemas, validation.ts), whether it can be reviewed, and the `RolloutInput` it makes.
 */
import { useState } from 'react';
import type { RolloutInput } from '@generated/api/types.gen.ts';
import { fieldErrors } from '../../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import {
  dealerMessages,
  dealerRules,
  haltMessages,
  haltRules,
  parseDevIds,
  pauseMessages,
  pauseRules,
  percentMessages,
  percentRules,
} from './validation.ts';

/** The stages offered first: 1 %, 10 %, 50 %, 100 % of the target. */
export const PRESET_PERCENTS = ['1', '10', '50', '100'];
export const MAX_STAGES = 10;

export type TargetKind = 'model' | 'dealer' | 'list';
export type StageKind = 'percent' | 'list';
export type NumberName = 'pause' | 'maxFailed' | 'backOnline';

export function useRolloutForm(firmwareId: number) {
  const [targetKind, setTargetKind] = useState<TargetKind>('model');
  const [dealer, setDealer] = useState('');
  const [targetList, setTargetList] = useState('');
  const [stageKind, setStageKind] = useState<StageKind>('percent');
  const [percents, setPercents] = useState(PRESET_PERCENTS);
  const [stageLists, setStageLists] = useState(['']);
  const [numbers, setNumbers] = useState({ pause: '60', maxFailed: '20', backOnline: '10' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const touch = (name: string) => () => setTouched((now) => ({ ...now, [name]: true }));

  const pauseError = fieldErrors(pauseRules, pauseMessages, { pause: numbers.pause.trim() }).pause;
  const haltErrors = fieldErrors(haltRules, haltMessages, {
    maxFailed: numbers.maxFailed.trim(),
    backOnline: numbers.backOnline.trim(),
  });
  const dealerError =
    targetKind === 'dealer' ? fieldErrors(dealerRules, dealerMessages, { dealer: dealer.trim() }).dealer : undefined;
  const targetParsed = targetKind === 'list' ? parseDevIds(targetList) : undefined;
  const percentErrors = percents.map(
    (percent) => fieldErrors(percentRules, percentMessages, { percent: percent.trim() }).percent,
  );
  const listParsed = stageLists.map(parseDevIds);
  const stageErrors: (TranslationKey | undefined)[] =
    stageKind === 'percent'
      ? percentErrors
      : listParsed.map((parsed) => ('problem' in parsed ? parsed.problem : undefined));
  const targetError = targetParsed && 'problem' in targetParsed ? targetParsed.problem : undefined;
  const valid =
    !pauseError &&
    !haltErrors.maxFailed &&
    !haltErrors.backOnline &&
    !dealerError &&
    !targetError &&
    stageErrors.every((error) => error === undefined);

  const body = (): RolloutInput => ({
    firmware_id: firmwareId,
    target:
      targetKind === 'list' && targetParsed && 'devIds' in targetParsed
        ? { dev_ids: targetParsed.devIds }
        : targetKind === 'dealer'
          ? { dealer_code: dealer.trim() }
          : {},
    stages:
      stageKind === 'percent'
        ? percents.map((percent) => ({ percent: Number(percent) }))
        : listParsed.map((parsed) => ({ dev_ids: 'devIds' in parsed ? parsed.devIds : [] })),
    pause_minutes: Number(numbers.pause),
    halt: { max_failed_percent: Number(numbers.maxFailed), back_online_minutes: Number(numbers.backOnline) },
  });

  const stagesCount = stageKind === 'percent' ? percents.length : stageLists.length;
  return {
    targetKind,
    setTargetKind,
    dealer,
    setDealer,
    targetList,
    setTargetList,
    stageKind,
    setStageKind,
    percents,
    setPercents,
    stageLists,
    setStageLists,
    numbers,
    setNumbers,
    touched,
    touch,
    pauseError,
    haltErrors,
    dealerError,
    targetError,
    stageErrors,
    stagesCount,
    valid,
    body,
  };
}

export type RolloutFormState = ReturnType<typeof useRolloutForm>;
