/**
 * The panel password fields, by their contract properties: a command's password (`ControlPanelRequest.password`,
 * digits only) and the password check of the panel login (`SettingsEnvelope.user_pass`). The other required
 * properties of these bodies (the panel, the command) are given by the console, never typed.
 */
import { ControlPanelRequestSchema, SettingsEnvelopeSchema } from '@generated/api/schemas.gen.ts';
import { formRules, type FieldMessages } from '../../../lib/forms/schema-rules.ts';

export const commandPasswordRules = formRules(ControlPanelRequestSchema, { password: 'password' });
export const commandPasswordGiven = ['dev_id', 'command'] as const;
export const commandPasswordMessages: FieldMessages<'password'> = {
  password: { required: 'commands.password.required', pattern: 'commands.password.digits' },
};

export const panelLoginRules = formRules(SettingsEnvelopeSchema, { password: 'user_pass' });
export const panelLoginGiven = ['dev_id', 'command'] as const;
export const panelLoginMessages: FieldMessages<'password'> = {
  password: { required: 'commands.password.required', minLength: 'commands.password.required' },
};
