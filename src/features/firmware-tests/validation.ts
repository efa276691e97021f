/**
 * The firmware test forms' rules (spec 2 §3, §4), read from the contract's request schemas: a version's number and
 * release notes (`FirmwareVersionInput` to add, `FirmwareVersion` to save), a stage's description (`TestStageInput`,
 * `TestStage`) and the error result's description (`TestResultUpdate.result_description`, required when the result
 * is false: the error dialog always sends false).
 *
 * A version's download link is `format: uri` in the contract, a format the text rules do not read, so it is checked
 * here from the same schema (`versionUrlProblem`): a required absolute URL, as the schema's format says. The model
 * id comes from the page's route; the result row's id and result from the row being answered.
 */
import {
  FirmwareVersionInputSchema,
  FirmwareVersionSchema,
  TestResultUpdateSchema,
  TestStageInputSchema,
  TestStageSchema,
} from '@generated/api/schemas.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import type { FieldMessages } from '../../lib/forms/schema-rules.ts';
import { fieldErrors, formRules } from '../../lib/forms/schema-rules.ts';

export const versionAddRules = formRules(FirmwareVersionInputSchema, { firmVer: 'firm_ver', notes: 'description' });
export const versionAddMessages: FieldMessages<'firmVer' | 'notes'> = {
  firmVer: { required: 'firmwareTests.versions.firmVerRequired' },
  notes: { required: 'firmwareTests.versions.notesRequired' },
};
/** The link is checked by `versionUrlProblem` (its `format: uri`); the model is the route's. */
export const versionAddGiven = ['url'] as const;

export const versionEditRules = formRules(FirmwareVersionSchema, { firmVer: 'firm_ver', notes: 'description' });
export const versionEditMessages = versionAddMessages;
export const versionEditGiven = versionAddGiven;

export const stageAddRules = formRules(TestStageInputSchema, { description: 'description' });
export const stageAddMessages: FieldMessages<'description'> = {
  description: { required: 'firmwareTests.stages.descriptionRequired' },
};

export const stageEditRules = formRules(TestStageSchema, { description: 'description' });
export const stageEditMessages = stageAddMessages;

/**
 * The error dialog always sends result false, so its description follows the schema's `then` branch
 * (`result_description` with `minLength: 1` when the result is false); the top-level property also accepts the
 * OK button's empty text. Not exported as a rule set: the top-level rule and its '' example are the OK case.
 */
const errorResultRules = formRules(
  {
    required: TestResultUpdateSchema.required.filter((name) => name === 'result_description'),
    properties: { ...TestResultUpdateSchema.then.properties },
  },
  { description: 'result_description' },
);
export const errorResultMessages: FieldMessages<'description'> = {
  description: { required: 'firmwareTests.run.errorRequired' },
};

/** Why an error description is refused (the message key), or undefined. */
export const errorDescriptionProblem = (value: string): TranslationKey | undefined =>
  fieldErrors(errorResultRules, errorResultMessages, { description: value }).description;

/** Why a version's download link is refused (the contract's `url`: required, `format: uri`), or undefined. */
export function versionUrlProblem(value: string): TranslationKey | undefined {
  const url = FirmwareVersionInputSchema.properties.url;
  if (value === '') {
    return FirmwareVersionInputSchema.required.includes('url') ? 'firmwareTests.versions.urlRequired' : undefined;
  }
  if (url.format !== 'uri') return undefined;
  // An absolute URI: a scheme, then the rest without spaces (what `format: uri` accepts).
  if (!/^[a-z][a-z0-9+.-]*:[^\s]+$/i.test(value)) return 'firmwareTests.versions.urlInvalid';
  return URL.canParse(value) ? undefined : 'firmwareTests.versions.urlInvalid';
}
