/**
 * The roll-out start form's rules, read from the contract's schemas (proposed): the pause between stages
 * (`RolloutInput.pause_minutes`), the halt rule (`RolloutHalt`), a stage's share (`RolloutPercentStage.percent`), the
 * dealer filter (`RolloutModelTarget.dealer_code`) and each panel of a pasted list (`DevId`, through
 * `RolloutPanel.dev_id`). What no schema can say (shares increasing to 100, a panel in two lists) is checked by the
 * server, whose refusal the page shows; the page only adds that the last share is 100, which the preview needs.
 */
import {
  DevIdSchema,
  RolloutHaltSchema,
  RolloutInputSchema,
  RolloutModelTargetSchema,
  RolloutPanelSchema,
  RolloutPercentStageSchema,
} from '@generated/api/schemas.gen.ts';
import type { FieldMessages } from '../../../lib/forms/schema-rules.ts';
import { fieldErrors, formRules } from '../../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';

export const pauseRules = formRules(RolloutInputSchema, { pause: 'pause_minutes' });
/** The rest of the body comes from the form's other parts: the target and stage inputs, the halt rule's fields. */
export const pauseGiven = ['target', 'stages', 'halt'] as const;
export const pauseMessages: FieldMessages<'pause'> = {
  pause: {
    required: 'firmwareRollouts.start.pauseRequired',
    integer: 'firmwareRollouts.start.wholeNumber',
    minimum: 'firmwareRollouts.start.pauseRange',
    maximum: 'firmwareRollouts.start.pauseRange',
  },
};

export const haltRules = formRules(RolloutHaltSchema, {
  maxFailed: 'max_failed_percent',
  backOnline: 'back_online_minutes',
});
export const haltMessages: FieldMessages<'maxFailed' | 'backOnline'> = {
  maxFailed: {
    required: 'firmwareRollouts.start.maxFailedRequired',
    integer: 'firmwareRollouts.start.wholeNumber',
    minimum: 'firmwareRollouts.start.maxFailedRange',
    maximum: 'firmwareRollouts.start.maxFailedRange',
  },
  backOnline: {
    required: 'firmwareRollouts.start.backOnlineRequired',
    integer: 'firmwareRollouts.start.wholeNumber',
    minimum: 'firmwareRollouts.start.backOnlineRange',
    maximum: 'firmwareRollouts.start.backOnlineRange',
  },
};

export const percentRules = formRules(RolloutPercentStageSchema, { percent: 'percent' });
export const percentMessages: FieldMessages<'percent'> = {
  percent: {
    required: 'firmwareRollouts.start.percentRequired',
    integer: 'firmwareRollouts.start.wholeNumber',
    minimum: 'firmwareRollouts.start.percentRange',
    maximum: 'firmwareRollouts.start.percentRange',
  },
};

export const dealerRules = formRules(RolloutModelTargetSchema, { dealer: 'dealer_code' });
export const dealerMessages: FieldMessages<'dealer'> = {
  dealer: {
    minLength: 'firmwareRollouts.start.dealerRequired',
    maxLength: 'firmwareRollouts.start.dealerTooLong',
  },
};

const devIdRules = formRules(RolloutPanelSchema, { devId: 'dev_id' }, { DevId: DevIdSchema });
const devIdMessages: FieldMessages<'devId'> = {
  devId: {
    required: 'firmwareRollouts.start.listRequired',
    integer: 'firmwareRollouts.start.listInvalid',
    minimum: 'firmwareRollouts.start.listInvalid',
  },
};

/** The panels of a pasted list (separated by spaces, commas, semicolons or lines), or why it is refused. */
export function parseDevIds(text: string): { devIds: number[] } | { problem: TranslationKey } {
  const tokens = text.split(/[\s,;]+/).filter((token) => token !== '');
  if (tokens.length === 0) return { problem: 'firmwareRollouts.start.listRequired' };
  for (const token of tokens) {
    const problem = fieldErrors(devIdRules, devIdMessages, { devId: token }).devId;
    if (problem) return { problem };
  }
  const devIds = tokens.map(Number);
  if (new Set(devIds).size !== devIds.length) return { problem: 'firmwareRollouts.start.listTwice' };
  return { devIds };
}
