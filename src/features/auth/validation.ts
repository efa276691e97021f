/**
 * The rules of the login page's forms (spec 1 §5 Register): pure functions, so they are tested without a
 * browser. Field errors are i18n keys; the form translates them.
 */
import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { RegisterRequest } from '@generated/api/types.gen.ts';

/** Turkey is the default phone country (spec 1 §5). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'TR';

export const NAME_MIN_LENGTH = 3;

/** A pragmatic address check: one `@`, no spaces, a dot in the domain with a 2+ letter ending. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** The contract's `VerificationCodeRequest.code` pattern. */
const CODE_PATTERN = /^[0-9A-Za-z]{4,10}$/;

/** The name has at least 3 characters, ignoring surrounding spaces. */
export const isValidName = (name: string): boolean => name.trim().length >= NAME_MIN_LENGTH;

/** The e-mail address is present and well-formed. */
export const isValidEmail = (email: string): boolean => EMAIL_PATTERN.test(email.trim());

/** The password is not empty and the repeat equals it exactly. */
export const passwordsEqual = (password: string, repeat: string): boolean => password !== '' && password === repeat;

/** The phone number is valid for the chosen country (or valid internationally when it starts with `+`). */
export const isValidPhone = (number: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): boolean =>
  number.trim() !== '' && isValidPhoneNumber(number, country);

/** The wire form of a phone number: E.164 digits without the `+` (e.g. `905321110003`), or undefined if invalid. */
export function toWirePhone(number: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | undefined {
  if (!isValidPhone(number, country)) return undefined;
  return parsePhoneNumberFromString(number, country)?.number.replace(/^\+/, '');
}

/** A verification code as the contract accepts it: 4 to 10 letters or digits. */
export const isValidCode = (code: string): boolean => CODE_PATTERN.test(code.trim());

export interface RegisterForm {
  name: string;
  email: string;
  password: string;
  repeat: string;
  phone: string;
  country: CountryCode;
  dealercode: string;
}

export type RegisterField = Exclude<keyof RegisterForm, 'country'>;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

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

/** The field errors of the register form as i18n keys; an empty object means the form is valid. */
export function validateRegister(form: RegisterForm): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!isValidName(form.name)) errors.name = 'auth.register.nameTooShort';
  if (form.email.trim() === '') errors.email = 'auth.register.required';
  else if (!isValidEmail(form.email)) errors.email = 'auth.register.invalidEmail';
  if (form.password === '') errors.password = 'auth.register.required';
  if (form.repeat === '') errors.repeat = 'auth.register.required';
  else if (!passwordsEqual(form.password, form.repeat)) errors.repeat = 'auth.register.notEqualPwd';
  if (!isValidPhone(form.phone, form.country)) errors.phone = 'auth.register.noValidPhone';
  if (form.dealercode.trim().length > 20) errors.dealercode = 'auth.register.dealerCodeTooLong';
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
