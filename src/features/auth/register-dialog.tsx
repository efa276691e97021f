/** The register dialog (spec 1 §3 Register payload, §5 Register rules). */
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { notifyValidation } from '../../lib/api/feedback.ts';
import { useRegister } from './api/register.ts';
import { FormDialog, DialogForm } from '../../shared/dialogs/form-dialog.tsx';
import { PhoneField } from './phone-field.tsx';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { messageValues } from '../../lib/forms/schema-rules.ts';
import { useCommonPasswords } from '../../lib/forms/common-passwords.ts';
import {
  emptyRegisterForm,
  isRegisterComplete,
  registerRules,
  toRegisterPayload,
  validateRegister,
  type RegisterField,
} from './validation.ts';

export interface RegisterDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after the account was created; the new account still has to be verified. */
  onRegistered: () => void;
}

export function RegisterDialog({ open, onClose, onRegistered }: RegisterDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <RegisterForm onClose={onClose} onRegistered={onRegistered} />
    </FormDialog>
  );
}

function RegisterForm({ onClose, onRegistered }: Omit<RegisterDialogProps, 'open'>) {
  const { t } = useTranslation();
  const register = useRegister();
  const [form, setForm] = useState(emptyRegisterForm);
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // The common-password list loads once the register form opens (never with the sign-in page).
  const common = useCommonPasswords();
  const errors = validateRegister(form, common);

  const set = (field: RegisterField, value: string) => setForm((current) => ({ ...current, [field]: value }));
  // A field's error shows once it was left with something in it (or after a submit), not while tabbing past.
  const leave = (field: RegisterField) => {
    if (form[field] !== '') setTouched((current) => ({ ...current, [field]: true }));
  };
  const errorOf = (field: RegisterField): string | undefined => {
    // The repeat has no schema rule (its only message is the form's own `notEqualPwd`).
    const rule = field === 'repeat' ? undefined : registerRules.rules[field];
    return submitted || touched[field] ? fieldMessage(t, errors[field], rule) : undefined;
  };
  const bind = (field: RegisterField, help?: string) => {
    const error = errorOf(field);
    return {
      value: form[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.target.value),
      onBlur: () => leave(field),
      error: error !== undefined,
      helperText: error ?? help,
      fullWidth: true,
    };
  };

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) {
      notifyValidation(t('auth.register.formError'), t('auth.register.validateErr'));
      return;
    }
    register.mutate({ body: toRegisterPayload(form) }, { onSuccess: onRegistered });
  };

  return (
    <DialogForm
      title={t('auth.register.title')}
      submitLabel={t('auth.register.submit')}
      canSubmit={isRegisterComplete(form)}
      pending={register.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextField label={t('auth.register.name')} autoComplete="name" autoFocus required {...bind('name')} />
      <TextField label={t('auth.register.email')} type="email" autoComplete="email" required {...bind('email')} />
      <TextField
        label={t('auth.register.password')}
        type="password"
        autoComplete="new-password"
        required
        {...bind('password', t('auth.register.passwordHelp', messageValues(registerRules.rules.password)))}
      />
      <TextField
        label={t('auth.register.repeatPassword')}
        type="password"
        autoComplete="new-password"
        required
        {...bind('repeat')}
      />
      <PhoneField
        country={form.country}
        number={form.phone}
        onCountryChange={(country) => setForm((current) => ({ ...current, country }))}
        onNumberChange={(value) => set('phone', value)}
        onBlur={() => leave('phone')}
        error={errorOf('phone')}
      />
      <TextField label={t('auth.register.dealerCode')} {...bind('dealercode', t('auth.register.dealerCodeHelp'))} />
    </DialogForm>
  );
}
