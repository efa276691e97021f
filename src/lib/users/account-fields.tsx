/**
 * An account's fields as the console's forms edit them: the own profile (spec 1 §5 "User edit") and another user's
 * add and edit pages (spec 1 §2). Each form names the request schema its fields are sent as (its `formRules`,
 * src/lib/forms/schema-rules.ts); here, once, are the messages of every rule those schemas give an account's name,
 * e-mail, phone and dealer code, the state of what was typed and which field was left, and the form itself: the
 * fields, each required as its rule says and showing its message once it was left (or after a refused save; a
 * disabled field at once, since nothing can be typed to fix it), and a save button that is disabled while nothing can
 * be sent and shows its progress, so the call is sent once. One module, so the pages that use it load one chunk.
 */
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { fieldMessage } from '../forms/field-message.ts';
import { PHONE_EXAMPLES, readsAsPhone, wirePhone } from '../forms/phone.ts';
import { fieldErrors, type FieldMessages, type FieldRule, type FormRules } from '../forms/schema-rules.ts';
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

/**
 * The values as they are sent: name, e-mail and dealer code trimmed, the phone as people type it read into the
 * contract's digits (`0532 111 22 33` and `+90 532 111 22 33` are `905321112233`, src/lib/forms/phone.ts).
 */
export const sentValues = (values: AccountValues): AccountValues => ({
  name: values.name.trim(),
  email: values.email.trim(),
  phone: wirePhone(values.phone),
  dealercode: values.dealercode.trim(),
});

/** Every refused field's message, for the fields the form's rules name. */
export const accountErrors = <Field extends AccountField>(
  rules: FormRules<Field>,
  values: AccountValues,
): Partial<Record<Field, TranslationKey>> => {
  const errors: Partial<Record<AccountField, TranslationKey>> = fieldErrors(
    rules,
    ACCOUNT_MESSAGES,
    sentValues(values),
  );
  // A number of the right length the library cannot read ("0532 111 22 3") is refused too, saying the format.
  if ('phone' in rules.rules && !errors.phone && !readsAsPhone(values.phone))
    errors.phone = 'account.validation.phoneInvalid';
  return errors as Partial<Record<Field, TranslationKey>>;
};

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

export type AccountFormState = ReturnType<typeof useAccountForm>;

const FIELDS = [
  { name: 'name', label: 'account.profile.name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'account.profile.email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'account.profile.phone', type: 'tel', autoComplete: 'tel' },
  { name: 'dealercode', label: 'account.profile.dealerCode', type: 'text', autoComplete: 'off' },
] as const satisfies readonly { name: AccountField; label: TranslationKey; type: string; autoComplete: string }[];

export interface AccountFormProps {
  /** The form's accessible name (the page's title). */
  label: string;
  form: AccountFormState;
  /** The rule of each field the form sends (a field without one is shown, not sent: the profile's dealer code). */
  rules: Partial<Record<AccountField, FieldRule>>;
  errors: Partial<Record<AccountField, TranslationKey>>;
  disabled?: ReadonlySet<AccountField>;
  /** A line under a field that says more of it (when it shows no message). */
  hints?: Partial<Record<AccountField, string>>;
  /** The signed-in user's own account: the browser may fill the fields in from its own (`autocomplete`). */
  ownAccount?: boolean;
  /** Without it the form only shows the account (nothing to save). */
  submitLabel?: string;
  /** False while the form cannot be sent (nothing changed, a field refused, the call pending). */
  canSave: boolean;
  pending: boolean;
  onSubmit: (event: FormEvent) => void;
  /** What the form says before its fields. */
  before?: ReactNode;
  /** Fields of the form's own after the account's (a user's type). */
  children?: ReactNode;
}

export function AccountForm(props: AccountFormProps) {
  const { label, form, rules, errors, disabled, hints, ownAccount = false, submitLabel, pending } = props;
  const { t } = useTranslation();
  const phoneHint = t('account.validation.phoneFormat', PHONE_EXAMPLES);
  return (
    <Paper component="form" onSubmit={props.onSubmit} noValidate aria-label={label} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        {props.before}
        {FIELDS.map((field) => {
          const off = disabled?.has(field.name) ?? false;
          const message =
            off || form.left[field.name] ? fieldMessage(t, errors[field.name], rules[field.name]) : undefined;
          return (
            <TextField
              key={field.name}
              label={t(field.label)}
              type={field.type}
              value={form.values[field.name]}
              onChange={(event) => form.change(field.name, event.target.value)}
              onBlur={() => form.leave(field.name)}
              error={Boolean(message)}
              helperText={message ?? hints?.[field.name] ?? (field.name === 'phone' && !off ? phoneHint : undefined)}
              autoComplete={ownAccount ? field.autoComplete : 'off'}
              required={rules[field.name]?.required ?? false}
              disabled={off}
              fullWidth
            />
          );
        })}
        {props.children}
        {submitLabel ? (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              type="submit"
              variant="contained"
              disabled={!props.canSave}
              loading={pending}
              loadingPosition="start"
              aria-busy={pending}
            >
              {submitLabel}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
