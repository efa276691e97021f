/**
 * The firmware test forms' rules (spec 2 §3, §4), read from the contract's request schemas: a version's number,
 * download link, SHA-256 digest and release notes (`FirmwareVersionInput` to add, `FirmwareVersion` to save), a stage's description
 * (`TestStageInput`, `TestStage`) and the error result's description (`TestResultUpdate.result_description`, required
 * when the result is false: the error dialog always sends false).
 *
 * A version's download link is the contract's `HttpsUrl`: an absolute URI (`format: uri`) that starts with https://
 * (its `pattern`); its digest the contract's `FirmwareDigest` (64 lower-case hexadecimal digits: the form sends what
 * was typed in lower case, as `sha256sum` writes it). The model id comes from the page's route; the result row's id and result from the row being
 * answered.
 */
import {
  FirmwareDigestSchema,
  FirmwareVersionInputSchema,
  FirmwareVersionSchema,
  HttpsUrlSchema,
  TestResultUpdateSchema,
  TestStageInputSchema,
  TestStageSchema,
} from '@generated/api/schemas.gen.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import type { FieldMessages } from '../../lib/forms/schema-rules.ts';
import { fieldErrors, formRules, thenBranch } from '../../lib/forms/schema-rules.ts';

const versionFields = { firmVer: 'firm_ver', url: 'url', sha256: 'sha256', notes: 'description' } as const;
const versionRefs = { HttpsUrl: HttpsUrlSchema, FirmwareDigest: FirmwareDigestSchema };

export const versionAddRules = formRules(FirmwareVersionInputSchema, versionFields, versionRefs);
export const versionAddMessages: FieldMessages<keyof typeof versionFields> = {
  firmVer: { required: 'firmwareTests.versions.firmVerRequired' },
  url: {
    required: 'firmwareTests.versions.urlRequired',
    uri: 'firmwareTests.versions.urlInvalid',
    pattern: 'firmwareTests.versions.urlHttps',
  },
  sha256: { required: 'firmwareTests.versions.sha256Required', pattern: 'firmwareTests.versions.sha256Invalid' },
  notes: { required: 'firmwareTests.versions.notesRequired' },
};

export const versionEditRules = formRules(FirmwareVersionSchema, versionFields, versionRefs);
export const versionEditMessages = versionAddMessages;

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
const errorResultRules = formRules(thenBranch(TestResultUpdateSchema), { description: 'result_description' });
export const errorResultMessages: FieldMessages<'description'> = {
  description: { required: 'firmwareTests.run.errorRequired' },
};

/** Why an error description is refused (the message key), or undefined. */
export const errorDescriptionProblem = (value: string): TranslationKey | undefined =>
  fieldErrors(errorResultRules, errorResultMessages, { description: value }).description;
