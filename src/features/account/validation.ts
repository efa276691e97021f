/**
 * Field rules of the own-account forms (spec 1 §5 "User edit", "Own password change", "Coupon redeem"), read
 * from the contract's request schemas (UpdateRegisterRequest, ChangePasswordRequest, RedeemCouponRequest). Each
 * check gives the i18n key of the message to show, or nothing when the value is accepted.
 */
import {
  AccountPhoneSchema,
  ChangePasswordRequestSchema,
  NewPasswordSchema,
  RedeemCouponRequestSchema,
  UpdateRegisterRequestSchema,
} from '@generated/api/schemas.gen.ts';
import type { ChangePasswordRequest, UpdateRegisterRequest } from '@generated/api/types.gen.ts';
import { isCommonPassword, type CommonPasswords } from '../../lib/forms/common-passwords.ts';
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

/** The own password change: `POST /user/changepass` (the new password's policy is `NewPassword`'s). */
export const passwordRules = formRules(
  ChangePasswordRequestSchema,
  { old: 'old', new: 'new', new_retry: 'new_retry' },
  { NewPassword: NewPasswordSchema },
);

export const passwordMessages: FieldMessages<keyof ChangePasswordRequest> = {
  old: { required: 'account.validation.passwordRequired' },
  new: { required: 'account.validation.passwordRequired', minLength: 'account.validation.passwordTooShort' },
  new_retry: { required: 'account.validation.notEqualPwd', minLength: 'account.validation.notEqualPwd' },
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
 * The password change. The new password follows the contract's policy (its length here, and not on the common list
 * once `common` has loaded); the repeat must equal it (`notEqualPwd`, a form rule with no schema counterpart). While
 * the new password is refused only that field reports, not the repeat as well.
 */
export function validatePasswordChange(
  values: ChangePasswordRequest,
  common?: CommonPasswords,
): FieldErrors<keyof ChangePasswordRequest> {
  const errors = fieldErrors(passwordRules, passwordMessages, values);
  if (!errors.new && isCommonPassword(common, values.new)) errors.new = 'account.validation.passwordTooCommon';
  if (errors.new) delete errors.new_retry;
  else if (values.new !== values.new_retry) errors.new_retry = 'account.validation.notEqualPwd';
  else delete errors.new_retry;
  return errors;
}

/** The coupon code, trimmed as it is sent. */
export const validateCouponCode = (code: string): TranslationKey | undefined =>
  fieldErrors(couponRules, couponMessages, { coupon_code: code.trim() }).coupon_code;

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;
