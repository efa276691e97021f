/**
 * The fields of an account as the console's forms edit them: the own profile (spec 1 §5 "User edit") and another
 * user's add and edit pages (spec 1 §2). Each form names the request schema its fields are sent as (its
 * `formRules`, src/lib/forms/schema-rules.ts); the messages of every rule those schemas give an account's name,
 * e-mail, phone and dealer code are here, once, and so is the state of what was typed and which field was left.
 */
import { useCallback, useState } from 'react';
import { fieldErrors, type FieldMessages, type FormRules } from '../forms/schema-rules.ts';
import type { TranslationKey } from '../i18n/translation-key.ts';

export type AccountField = 'name' | 'email' | 'phone' | 'dealercode';

export type AccountValues = Record<AccountField, string>;

/** The message of each rule an account field can break (name, e-mail and phone of the profile and the sign-up). */
export const ACCOUNT_MESSAGES: FieldMessages<AccountField> = {
  name: { required: 'account.validation.nameTooShort', minLength: 'account.validation.nameTooShort' },
  email: { required: 'account.validation.emailRequired', email: 'account.validation.emailInvalid' },
  phone: { required: 'account.validation.phoneRequired', pattern: 'account.validation.phoneInvalid' },
  dealercode: { maxLength: 'account.validation.dealerCodeTooLong' },
};

/** The values as they are sent: name, e-mail and dealer code trimmed, the phone as typed. */
export const sentValues = (values: AccountValues): AccountValues => ({
  name: values.name.trim(),
  email: values.email.trim(),
  phone: values.phone,
  dealercode: values.dealercode.trim(),
});

/** Every refused field's message, for the fields the form's rules name. */
export const accountErrors = <Field extends AccountField>(
  rules: FormRules<Field>,
  values: AccountValues,
): Partial<Record<Field, TranslationKey>> => fieldErrors(rules, ACCOUNT_MESSAGES, sentValues(values));

/**
 * What was typed and which fields show their message: a field's message shows once the person has left it, or for
 * every field after a save the rules refused (`showAll`).
 */
export function useAccountForm(initial: AccountValues) {
  const [values, setValues] = useState(initial);
  const [left, setLeft] = useState<Partial<Record<AccountField, boolean>>>({});
  const change = useCallback(
    (field: AccountField, value: string) => setValues((current) => ({ ...current, [field]: value })),
    [],
  );
  const leave = useCallback((field: AccountField) => setLeft((current) => ({ ...current, [field]: true })), []);
  const showAll = useCallback(() => setLeft({ name: true, email: true, phone: true, dealercode: true }), []);
  return { values, change, left, leave, showAll };
}

export type AccountForm = ReturnType<typeof useAccountForm>;
