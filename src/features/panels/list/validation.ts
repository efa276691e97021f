/**
 * Field rules of the panel list's dialogs (spec 1 §2 Modals: add panel in two steps, change description), read
 * from the contract's request schemas (GenerateCodeRequest, AddPanelRequest, ChangePanelDescRequest). The device id
 * is an integer (DevId), which the string rules of schema-rules do not cover: its own check reads DevId's minimum.
 */
import {
  AddPanelRequestSchema,
  ChangePanelDescRequestSchema,
  GenerateCodeRequestSchema,
} from '@generated/api/schemas.gen.ts';
import { fieldErrors, formRules, type FieldMessages } from '../../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';
import { parseDeviceId } from '../../../lib/forms/device-id.ts';

/** Add panel, step 1: the description sent with the device id to get a code. */
export const codeRequestRules = formRules(GenerateCodeRequestSchema, { description: 'Description' });

export const codeRequestMessages: FieldMessages<'description'> = {
  description: { required: 'panels.list.add.descriptionRequired' },
};

/** Add panel, step 2: the code read from the panel keypad, saved with the step 1 description. */
export const addPanelRules = formRules(AddPanelRequestSchema, { description: 'Description', code: 'code' });

export const addPanelMessages: FieldMessages<'description' | 'code'> = {
  description: { required: 'panels.list.add.descriptionRequired' },
  code: { required: 'panels.list.add.codeRequired', pattern: 'panels.list.add.codeDigits' },
};

/** Change a panel's description. */
export const renamePanelRules = formRules(ChangePanelDescRequestSchema, { description: 'Description' });

export const renamePanelMessages: FieldMessages<'description'> = {
  description: { required: 'panels.list.rename.required' },
};

export { parseDeviceId };

export const deviceIdError = (text: string): TranslationKey | undefined =>
  parseDeviceId(text) === undefined ? 'panels.list.add.deviceIdInvalid' : undefined;

export const codeRequestErrors = (description: string) =>
  fieldErrors(codeRequestRules, codeRequestMessages, { description: description.trim() });

export const addPanelErrors = (description: string, code: string) =>
  fieldErrors(addPanelRules, addPanelMessages, { description: description.trim(), code: code.trim() });

export const renamePanelErrors = (description: string) =>
  fieldErrors(renamePanelRules, renamePanelMessages, { description: description.trim() });
