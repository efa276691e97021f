/**
 * Field rules of the own-account forms (spec 1 §5 "User edit", "Own password change", "Coupon redeem"),
 * as pure functions. Each returns the reason a value is refused, or null when it is accepted; the forms
 * turn a reason into the message `account.validation.<reason>`. The same bounds are in the contract
 * (UpdateRegisterRequest, ChangePasswordRequest, RedeemCouponRequest in openapi/).
 */
export type FieldError =
  | 'nameTooShort'
  | 'emailRequired'
  | 'emailInvalid'
  | 'phoneRequired'
  | 'passwordRequired'
  | 'notEqualPwd'
  | 'couponRequired';

export const NAME_MIN_LENGTH = 3;

// One "@", no spaces, a dot in the domain part with something on each side.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Name: at least 3 characters, not counting surrounding spaces. */
export const validateName = (name: string): FieldError | null =>
  name.trim().length >= NAME_MIN_LENGTH ? null : 'nameTooShort';

/** E-mail: required and well formed. */
export function validateEmail(email: string): FieldError | null {
  const value = email.trim();
  if (value === '') return 'emailRequired';
  return EMAIL_PATTERN.test(value) ? null : 'emailInvalid';
}

/** Phone: required (the field is disabled on the profile, so it is sent as loaded). */
export const validatePhone = (phone: string): FieldError | null => (phone.trim() === '' ? 'phoneRequired' : null);

/** A password that must be typed (the current one; the contract requires it non-empty). */
export const validateRequiredPassword = (password: string): FieldError | null =>
  password === '' ? 'passwordRequired' : null;

/** The repeat of a new password: the new one must be non-empty and the repeat equal to it (else notEqualPwd). */
export function validatePasswordRepeat(password: string, repeat: string): FieldError | null {
  if (password === '') return null; // the new-password field itself reports that it is empty
  return password === repeat ? null : 'notEqualPwd';
}

/** Coupon code: required. */
export const validateCouponCode = (code: string): FieldError | null => (code.trim() === '' ? 'couponRequired' : null);

export interface ProfileValues {
  name: string;
  email: string;
  phone: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, FieldError>>;

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = validateName(values.name);
  const email = validateEmail(values.email);
  const phone = validatePhone(values.phone);
  if (name) errors.name = name;
  if (email) errors.email = email;
  if (phone) errors.phone = phone;
  return errors;
}

export interface PasswordValues {
  old: string;
  new: string;
  new_retry: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordValues, FieldError>>;

export function validatePasswordChange(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  const old = validateRequiredPassword(values.old);
  const next = validateRequiredPassword(values.new);
  const repeat = validatePasswordRepeat(values.new, values.new_retry);
  if (old) errors.old = old;
  if (next) errors.new = next;
  if (repeat) errors.new_retry = repeat;
  return errors;
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
