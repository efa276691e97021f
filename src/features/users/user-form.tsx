/**
 * The form of `/User/Add` and `/User/{id}/Edit` (spec 1 §2): name, e-mail, phone and dealer code (the account form of
 * every account page, src/lib/users/account-fields.tsx, with the rules of the proposed calls' request schemas) and
 * the user type, offered only up to the signed-in user's own. A dealer's users carry the dealer's own code, so the
 * field shows it and cannot be changed. The save button is disabled while nothing can be sent; a save the rules
 * refuse (Enter) shows every field's message and a warning. `locked` shows the account without anything to save.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import type { UserType } from '@generated/api/types.gen.ts';
import { notifyValidation } from '../../lib/api/feedback.ts';
import type { FormRules } from '../../lib/forms/schema-rules.ts';
import { USER_TYPE_LABELS } from '../../lib/session/user-type.ts';
import {
  AccountForm,
  accountErrors,
  useAccountForm,
  type AccountField,
  type AccountValues,
} from '../../lib/users/account-fields.tsx';

/** E-mail addresses are compared without letter case (as the backend compares them, `addUser`). */
const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

const DEALER_CODE: ReadonlySet<AccountField> = new Set(['dealercode']);
const EVERY_FIELD: ReadonlySet<AccountField> = new Set(['name', 'email', 'phone', 'dealercode']);

export interface UserFormProps {
  /** The form's accessible name (the page's title). */
  label: string;
  rules: FormRules<AccountField>;
  initial: AccountValues;
  initialType: UserType;
  /** The user types offered. */
  types: readonly UserType[];
  /** The signed-in user is a dealer: the dealer code is theirs and is shown, not edited. */
  ownDealerCode?: boolean;
  /** Shown, not editable, with nothing to save. */
  locked?: boolean;
  /** Whether the values differ from the stored account (the edit page); without it any valid form can be sent. */
  isChanged?: (values: AccountValues, type: UserType) => boolean;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: AccountValues, type: UserType) => void;
  /** What the form says before its fields. */
  children?: ReactNode;
  /** The e-mail address the server refused because another account has it: the field says so while it holds it. */
  takenEmail?: string;
}

export function UserForm(props: UserFormProps) {
  const { label, rules, initial, initialType, types, ownDealerCode = false, locked = false, isChanged } = props;
  const { t } = useTranslation();
  const form = useAccountForm(initial);
  const [type, setType] = useState<UserType>(initialType);
  const errors = accountErrors(rules, form.values);
  const { takenEmail } = props;
  const { leave } = form;
  if (takenEmail !== undefined && sameEmail(form.values.email, takenEmail))
    errors.email = 'account.validation.emailTaken';
  // The refusal shows at once, on the field, even when the person saved with Enter without leaving it.
  useEffect(() => {
    if (takenEmail !== undefined) leave('email');
  }, [takenEmail, leave]);
  const valid = Object.keys(errors).length === 0;
  const canSave = !locked && !props.pending && valid && (isChanged?.(form.values, type) ?? true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    if (!valid) {
      form.showAll();
      notifyValidation(t('account.validation.formInvalid'));
      return;
    }
    if (canSave) props.onSubmit(form.values, type);
  };

  return (
    <AccountForm
      label={label}
      form={form}
      rules={rules.rules}
      errors={errors}
      disabled={locked ? EVERY_FIELD : ownDealerCode ? DEALER_CODE : undefined}
      hints={ownDealerCode ? { dealercode: t('users.form.dealerCodeOwn') } : undefined}
      submitLabel={locked ? undefined : props.submitLabel}
      canSave={canSave}
      pending={props.pending}
      onSubmit={submit}
      before={props.children}
    >
      {/* A native select: the browser's own list, keyboard and screen reader behaviour. */}
      <TextField
        select
        label={t('users.list.columns.type')}
        value={type}
        onChange={(event) => setType(Number(event.target.value) as UserType)}
        disabled={locked}
        required
        fullWidth
        slotProps={{ select: { native: true } }}
      >
        {(types.includes(type) ? types : [...types, type]).map((option) => (
          <option key={option} value={option}>
            {t(USER_TYPE_LABELS[option])}
          </option>
        ))}
      </TextField>
    </AccountForm>
  );
}
