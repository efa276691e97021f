/**
 * The rules of the login page's dialogs (spec 1 §5 Register, §4 verify and reset), read from the contract's
 * request schemas: pure functions, so they are tested without a browser. Field errors are i18n keys; the form
 * translates them. The sign-in form's own rule is in validation-sign-in.ts.
 */
import type { CountryCode } from 'libphonenumber-js';
import {
  AccountInfoRequestSchema,
  AccountPhoneSchema,
  NewPasswordSchema,
  RegisterRequestSchema,
  SendVerificationRequestSchema,
  VerificationCodeRequestSchema,
} from '@generated/api/schemas.gen.ts';
import type { RegisterRequest } from '@generated/api/types.gen.ts';
import { isCommonPassword, type CommonPasswords } from '../../lib/forms/common-passwords.ts';
import { DEFAULT_PHONE_COUNTRY, toWirePhone } from '../../lib/forms/phone.ts';
import { checkForm, checkValue, fieldErrors, formRules, type FieldMessages } from '../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';

/** Resending the verification code: `POST /send-verification` (capitalised on the wire). */
export const resendRules = formRules(SendVerificationRequestSchema, { username: 'Username', password: 'Password' });

/** The account named by what the person types: forgot password and reset login info, step 1. */
export const accountInfoRules = formRules(AccountInfoRequestSchema, { info: 'info' });

/** A verification code: verify account and reset login info, step 2. */
export const codeRules = formRules(VerificationCodeRequestSchema, { code: 'code' });

/**
 * The register form; the password follows the contract's policy (`NewPassword`), the repeat is a form rule only
 * (`notEqualPwd`) and is never sent.
 */
export const registerRules = formRules(
  RegisterRequestSchema,
  { name: 'name', email: 'email', password: 'password', phone: 'phone_no', dealercode: 'dealercode' },
  { AccountPhone: AccountPhoneSchema, NewPassword: NewPasswordSchema },
);

/** The message of each register rule (`{{min}}`/`{{max}}` are the schema's bounds). */
export const registerMessages: FieldMessages<keyof typeof registerRules.rules> = {
  name: { required: 'auth.register.nameTooShort', minLength: 'auth.register.nameTooShort' },
  email: { required: 'auth.register.required', email: 'auth.register.invalidEmail' },
  password: { required: 'auth.register.required', minLength: 'auth.register.passwordTooShort' },
  phone: { required: 'auth.register.noValidPhone', pattern: 'auth.register.noValidPhone' },
  dealercode: { maxLength: 'auth.register.dealerCodeTooLong' },
};

/** The message of each code rule. */
export const codeMessages: FieldMessages<keyof typeof codeRules.rules> = {
  code: {
    required: 'auth.common.invalidCode',
    minLength: 'auth.common.invalidCode',
    maxLength: 'auth.common.invalidCode',
    pattern: 'auth.common.invalidCode',
  },
};

/** The resend form can be sent. */
export const canResendCode = (username: string, password: string): boolean =>
  Object.keys(checkForm(resendRules, { username: username.trim(), password })).length === 0;

/** The account info (user name, e-mail or phone) is given. */
export const isValidAccountInfo = (info: string): boolean =>
  checkValue(accountInfoRules.rules.info, info.trim()) === null;

/** A verification code as the contract accepts it. */
export const isValidCode = (code: string): boolean => checkValue(codeRules.rules.code, code.trim()) === null;

/** The password is not empty and the repeat equals it exactly. */
export const passwordsEqual = (password: string, repeat: string): boolean => password !== '' && password === repeat;

/** What the register form holds: the payload's text fields, the repeat, and the phone as typed with its country. */
export type RegisterForm = Required<Omit<RegisterRequest, 'phone_no'>> & {
  repeat: string;
  phone: string;
  country: CountryCode;
};

export type RegisterField = Exclude<keyof RegisterForm, 'country'>;
export type RegisterErrors = Partial<Record<RegisterField, TranslationKey>>;

export const emptyRegisterForm = (): RegisterForm => ({
  name: '',
  email: '',
  password: '',
  repeat: '',
  phone: '',
  country: DEFAULT_PHONE_COUNTRY,
  dealercode: '',
});

/** Every required field has something in it (the submit button is enabled from then on). */
export const isRegisterComplete = (form: RegisterForm): boolean =>
  [form.name, form.email, form.password, form.repeat, form.phone].every((value) => value.trim() !== '');

/**
 * The field errors of the register form as i18n keys; an empty object means the form is valid. The password is also
 * checked against the common passwords once `common` has loaded.
 */
export function validateRegister(form: RegisterForm, common?: CommonPasswords): RegisterErrors {
  // libphonenumber-js decides whether the number exists for the country; the schema checks its wire form.
  const phone = toWirePhone(form.phone, form.country);
  const errors: RegisterErrors = fieldErrors(registerRules, registerMessages, {
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    phone: phone ?? '',
    dealercode: form.dealercode.trim(),
  });
  if (phone === undefined) errors.phone = 'auth.register.noValidPhone';
  if (!errors.password && isCommonPassword(common, form.password)) errors.password = 'auth.register.passwordTooCommon';
  if (form.repeat === '') errors.repeat = 'auth.register.required';
  else if (!passwordsEqual(form.password, form.repeat)) errors.repeat = 'auth.register.notEqualPwd';
  return errors;
}

/** The `POST /register` payload of a valid form (the repeat is checked here and never sent). */
export function toRegisterPayload(form: RegisterForm): RegisterRequest {
  const phone = toWirePhone(form.phone, form.country);
  if (phone === undefined) throw new Error('toRegisterPayload needs a valid form');
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    phone_no: phone,
    dealercode: form.dealercode.trim(),
  };
}
