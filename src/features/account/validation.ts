/**
 * Field rules of the own-account forms (spec 1 §5 "User edit", "Own password change", "Coupon redeem"), read
 * from the contract's request schemas (UpdateRegisterRequest, ChangePasswordRequest, RedeemCouponRequest). Each
 * check gives the i18n key of the message to show, or nothing when the value is accepted.
 */
import {
  AccountPhoneSchema,
  ChangePasswordRequestSchema,
  RedeemCouponRequestSchema,
  UpdateRegisterRequestSchema,
} from '@generated/api/schemas.gen.ts';
import type { ChangePasswordRequest, UpdateRegisterRequest } from '@generated/api/types.gen.ts';
import { fieldErrors, formRules, type FieldMessages } from '../../lib/forms/schema-rules.ts';
import type { TranslationKey } from '../../lib/i18n/translation-key.ts';
import { ACCOUNT_MESSAGES } from '../../lib/users/account-fields.tsx';

/** The own profile: `PUT /user/updateregister`. */
export const profileRules = formRules(
  UpdateRegisterRequestSchema,
  { name: 'name', email: 'email', phone: 'phone' },
  { AccountPhone: AccountPhoneSchema },
);

/** The messages of an account's fields (the same on every account form). */
export const profileMessages: FieldMessages<keyof UpdateRegisterRequest> = {
  name: ACCOUNT_MESSAGES.name,
  email: ACCOUNT_MESSAGES.email,
  phone: ACCOUNT_MESSAGES.phone,
};

/** The own password change: `POST /user/changepass`. */
export const passwordRules = formRules(ChangePasswordRequestSchema, { old: 'old', new: 'new', new_retry: 'new_retry' });

export const passwordMessages: FieldMessages<keyof ChangePasswordRequest> = {
  old: { required: 'account.validation.passwordRequired' },
  new: { required: 'account.validation.passwordRequired' },
  new_retry: { required: 'account.validation.notEqualPwd' },
};

/** The coupon redeem modal. */
export const couponRules = formRules(RedeemCouponRequestSchema, { coupon_code: 'coupon_code' });

export const couponMessages: FieldMessages<'coupon_code'> = {
  coupon_code: { required: 'account.validation.couponRequired' },
};

export type FieldErrors<Field extends string> = Partial<Record<Field, TranslationKey>>;

/** The profile as it is sent: name and e-mail trimmed, the phone as loaded (its field is disabled). */
export const validateProfile = (values: UpdateRegisterRequest): FieldErrors<keyof UpdateRegisterRequest> =>
  fieldErrors(profileRules, profileMessages, values);

/**
 * The password change. The repeat must equal the new password (`notEqualPwd`, a form rule with no schema
 * counterpart); while the new password is empty only that field reports, not the repeat as well.
 */
export function validatePasswordChange(values: ChangePasswordRequest): FieldErrors<keyof ChangePasswordRequest> {
  const errors = fieldErrors(passwordRules, passwordMessages, values);
  if (values.new === '') delete errors.new_retry;
  else if (values.new !== values.new_retry) errors.new_retry = 'account.validation.notEqualPwd';
  return errors;
}

/** The coupon code, trimmed as it is sent. */
export const validateCouponCode = (code: string): TranslationKey | undefined =>
  fieldErrors(couponRules, couponMessages, { coupon_code: code.trim() }).coupon_code;

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
