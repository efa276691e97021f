import type { TFunction } from 'i18next';
import type { FieldError } from './validation.ts';

const MESSAGE_KEYS: Record<FieldError, string> = {
  nameTooShort: 'account.validation.nameTooShort',
  emailRequired: 'account.validation.emailRequired',
  emailInvalid: 'account.validation.emailInvalid',
  phoneRequired: 'account.validation.phoneRequired',
  passwordRequired: 'account.validation.passwordRequired',
  notEqualPwd: 'account.validation.notEqualPwd',
  couponRequired: 'account.validation.couponRequired',
};

/** The message shown on a field for a refused value (undefined when there is nothing to show). */
export const fieldMessage = (t: TFunction, error: FieldError | null | undefined): string | undefined =>
  error ? t(MESSAGE_KEYS[error]) : undefined;
