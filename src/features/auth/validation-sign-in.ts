/**
 * The sign-in form's rule, from the contract's LoginRequest. Its own module, so the sign-in page bundles this
 * one schema and none of the register form's (nor the phone-number library).
 */
import { LoginRequestSchema } from '@generated/api/schemas.gen.ts';
import { checkForm, formRules } from '../../lib/forms/schema-rules.ts';

/** The sign-in form: `POST /logins`. */
export const loginRules = formRules(LoginRequestSchema, { username: 'username', password: 'password' });

/** The sign-in form can be sent: both fields as the contract requires them (the user name trimmed). */
export const canSignIn = (username: string, password: string): boolean =>
  Object.keys(checkForm(loginRules, { username: username.trim(), password })).length === 0;
