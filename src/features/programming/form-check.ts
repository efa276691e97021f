/**
 * What a settings form's values mean: the schema's rules (with each failure's message in the person's language)
 * and what a save would change. Checked once per set of values: the form asks for its settled values while it
 * renders and again on Save, and the same values are not checked twice. This is the whole of the form's validation
 * (RJSF itself validates nothing: it draws the messages given here), so the round-trip test of what panels report
 * runs exactly this.
 */
import { deepEquals, type ErrorSchema, type RJSFSchema, type RJSFValidationError, type UiSchema } from '@rjsf/utils';
import type { JsonObject, SettingsForm } from '@generated/settings/types.ts';
import { diffSettings, type SettingsChange } from '../../lib/forms/settings/settings-diff.ts';
import { settingsErrorTransformer } from '../../lib/forms/settings/settings-errors.ts';
import type { Translate } from '../../lib/forms/settings/settings-texts.ts';

export interface FormCheck {
  errors: RJSFValidationError[];
  /** The field messages for RJSF: the very same object while they stay the same, so RJSF has nothing to redo. */
  errorSchema: ErrorSchema;
  changes: SettingsChange[];
  valid: boolean;
}

/**
 * A check of one form's values against `initial` (what the panel holds), remembering the last values checked; `t`
 * gives the messages, `uiSchema` (the form's, translated) the fields' names in RJSF's error list.
 */
export function formChecker(
  form: SettingsForm,
  initial: JsonObject,
  t: Translate,
  uiSchema: UiSchema = form.uiSchema as UiSchema,
): (data: JsonObject) => FormCheck {
  const transformErrors = settingsErrorTransformer(form.schema, t);
  let last: { data: JsonObject; result: FormCheck } | undefined;
  return (data) => {
    if (last?.data === data) return last.result;
    const validation = form.validator.validateFormData(
      data,
      form.schema as RJSFSchema,
      undefined,
      transformErrors,
      uiSchema,
    );
    const fresh = validation.errorSchema as ErrorSchema;
    const errorSchema = last && deepEquals(last.result.errorSchema, fresh) ? last.result.errorSchema : fresh;
    const changes = diffSettings(form.schema, form.uiSchema, initial, data);
    const result = { errors: validation.errors, errorSchema, changes, valid: validation.errors.length === 0 };
    last = { data, result };
    return result;
  };
}
