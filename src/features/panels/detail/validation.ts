/**
 * Field rules of the panel detail's forms, read from the contract's request schemas: the quick edit of a zone
 * (ZoneUpdateRequest) and of an output (OutputUpdateRequest) — a name of letters a-z, A-Z, digits and spaces —
 * and the panel user password change (ChangePanelUserPass). The repeat of the new password has no schema
 * counterpart: its mismatch is the form's own rule (spec 1 §5, said in a persistent error toast).
 */
import {
  ChangePanelUserPassSchema,
  NameSchema,
  OutputUpdateRequestSchema,
  ZoneUpdateRequestSchema,
} from '@generated/api/schemas.gen.ts';
import { fieldErrors, formRules, type FieldMessages } from '../../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../../lib/i18n/translation-key.ts';

export type FieldErrors<Field extends string> = Partial<Record<Field, TranslationKey>>;

export const zoneEditRules = formRules(ZoneUpdateRequestSchema, { name: 'name' }, { Name: NameSchema });
export const zoneEditMessages: FieldMessages<'name'> = {
  name: { required: 'panelDetail.edit.nameRequired', pattern: 'panelDetail.edit.nameInvalid' },
};

/**
 * Required properties of the quick edit that are no text field: the record ids, `active` (a switch) and the panel
 * password (the login's, asked once per visit of the panel).
 */
export const zoneEditGiven = ['active', 'password'] as const;

export const outputEditRules = formRules(OutputUpdateRequestSchema, { name: 'name' }, { Name: NameSchema });
export const outputEditMessages: FieldMessages<'name'> = {
  name: { required: 'panelDetail.edit.nameRequired', pattern: 'panelDetail.edit.nameInvalid' },
};

export const outputEditGiven = ['active', 'password'] as const;

/** PWCHG: the command is the call's own; the panel comes from the route. */
export const panelPasswordGiven = ['command'] as const;

export const panelPasswordRules = formRules(ChangePanelUserPassSchema, { current: 'user_pass', next: 'new_pass' });
export const panelPasswordMessages: FieldMessages<'current' | 'next'> = {
  current: { required: 'panelDetail.users.passwordRequired' },
  next: { required: 'panelDetail.users.passwordRequired' },
};

export const validateZoneEdit = (values: { name: string }): FieldErrors<'name'> =>
  fieldErrors(zoneEditRules, zoneEditMessages, values);

export const validateOutputEdit = (values: { name: string }): FieldErrors<'name'> =>
  fieldErrors(outputEditRules, outputEditMessages, values);

export const validatePanelPassword = (values: { current: string; next: string }): FieldErrors<'current' | 'next'> =>
  fieldErrors(panelPasswordRules, panelPasswordMessages, values);

/** The repeat must equal the new password; a mismatch is said in a toast, not under the field. */
export const passwordsMatch = (next: string, repeat: string): boolean => next === repeat;
