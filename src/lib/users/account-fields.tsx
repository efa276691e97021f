/**
 * The text fields of an account (name, e-mail, phone, dealer code) in the console's forms: the own profile and a
 * user's add and edit pages. Each field is required as its rule says and shows its message once it was left (or
 * after a refused save); a disabled field shows its message at once, since nothing can be typed to fix it.
 */
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { fieldMessage } from '../forms/field-message.ts';
import type { FieldRule } from '../forms/schema-rules.ts';
import type { TranslationKey } from '../i18n/translation-key.ts';
import type { AccountField, AccountForm } from './account-form.ts';

const FIELDS = [
  { name: 'name', label: 'account.profile.name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'account.profile.email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'account.profile.phone', type: 'tel', autoComplete: 'tel' },
  { name: 'dealercode', label: 'account.profile.dealerCode', type: 'text', autoComplete: 'off' },
] as const satisfies readonly { name: AccountField; label: TranslationKey; type: string; autoComplete: string }[];

export interface AccountFieldsProps {
  form: AccountForm;
  /** The rule of each field the form sends (a field without one is shown, not sent: the profile's dealer code). */
  rules: Partial<Record<AccountField, FieldRule>>;
  errors: Partial<Record<AccountField, TranslationKey>>;
  disabled?: ReadonlySet<AccountField>;
  /** A line under a field that says more of it (when it shows no message). */
  hints?: Partial<Record<AccountField, string>>;
  /** The signed-in user's own account: the browser may fill the fields in from its own (`autocomplete`). */
  ownAccount?: boolean;
}

export function AccountFields({ form, rules, errors, disabled, hints, ownAccount = false }: AccountFieldsProps) {
  const { t } = useTranslation();
  return FIELDS.map((field) => {
    const off = disabled?.has(field.name) ?? false;
    const message = off || form.left[field.name] ? fieldMessage(t, errors[field.name], rules[field.name]) : undefined;
    return (
      <TextField
        key={field.name}
        label={t(field.label)}
        type={field.type}
        value={form.values[field.name]}
        onChange={(event) => form.change(field.name, event.target.value)}
        onBlur={() => form.leave(field.name)}
        error={Boolean(message)}
        helperText={message ?? hints?.[field.name]}
        autoComplete={ownAccount ? field.autoComplete : 'off'}
        required={rules[field.name]?.required ?? false}
        disabled={off}
        fullWidth
      />
    );
  });
}
