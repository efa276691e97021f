import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { notifyValidation } from '../../lib/api/feedback.ts';
import { useChangePassword } from './api/change-password.ts';
import type { ChangePasswordRequest } from '@generated/api/types.gen.ts';
import { useCommonPasswords } from '../../lib/forms/common-passwords.ts';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { messageValues } from '../../lib/forms/schema-rules.ts';
import { hasErrors, passwordRules, validatePasswordChange } from './validation.ts';

export interface ChangePasswordFormProps {
  /** `dialog` lays the fields and buttons out as dialog content and actions. */
  variant: 'page' | 'dialog';
  /** Runs after the server confirmed the change, with what was sent. */
  onChanged?: (sent: ChangePasswordRequest) => void;
  /** The first sign-in's change: the current password is the one-time password. */
  oneTime?: boolean;
  /** Shows a cancel button that runs this. */
  onCancel?: () => void;
}

type Field = keyof ChangePasswordRequest;

const EMPTY: ChangePasswordRequest = { old: '', new: '', new_retry: '' };
const FIELDS = [
  { name: 'old', label: 'account.password.old', autoComplete: 'current-password' },
  { name: 'new', label: 'account.password.new', autoComplete: 'new-password' },
  { name: 'new_retry', label: 'account.password.repeat', autoComplete: 'new-password' },
] as const;

/** The own password change (spec 1 §5): current, new and repeated new password; POST /user/changepass. */
export function ChangePasswordForm({ variant, onChanged, onCancel, oneTime }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  // The common-password list loads when a form that sets a password opens (never with a route's first paint).
  const common = useCommonPasswords();
  const [values, setValues] = useState<ChangePasswordRequest>(EMPTY);
  // A field is touched once the person typed in it and left it; focus moving on its own (the page's focus
  // management, a click on Cancel) touches nothing, so the form opens without a message.
  const [typed, setTyped] = useState<Partial<Record<Field, boolean>>>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const change = useChangePassword((sent) => {
    setValues(EMPTY);
    setTyped({});
    setTouched({});
    setSubmitted(false);
    onChanged?.(sent);
  });
  const errors = validatePasswordChange(values, common);
  const canSave = !hasErrors(errors) && !change.isPending;
  // A mismatch shows as soon as the repeat is typed; other messages once the field was left, or after a submit.
  const shown = (field: Field) =>
    submitted || touched[field] || (field === 'new_retry' && values.new_retry !== '')
      ? fieldMessage(t, errors[field], passwordRules.rules[field])
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasErrors(errors)) {
      setSubmitted(true);
      notifyValidation(t('account.validation.formInvalid'));
      return;
    }
    if (canSave) change.mutate({ body: values });
  };

  const help = (field: Field) =>
    shown(field) ??
    (field === 'new' ? t('account.password.newHelp', messageValues(passwordRules.rules.new)) : undefined);
  const fields = FIELDS.map((field, index) => (
    <TextField
      key={field.name}
      label={t(field.name === 'old' && oneTime ? 'account.firstPassword.oneTime' : field.label)}
      type="password"
      value={values[field.name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [field.name]: event.target.value }));
        setTyped((current) => ({ ...current, [field.name]: true }));
      }}
      onBlur={() => {
        if (typed[field.name]) setTouched((current) => ({ ...current, [field.name]: true }));
      }}
      error={Boolean(shown(field.name))}
      helperText={help(field.name)}
      autoComplete={field.autoComplete}
      autoFocus={index === 0}
      required
      fullWidth
    />
  ));
  const buttons = (
    <>
      {onCancel ? <Button onClick={onCancel}>{t('common.cancel')}</Button> : null}
      <Button
        type="submit"
        variant="contained"
        disabled={!canSave}
        aria-busy={change.isPending}
        startIcon={change.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        {t('account.password.save')}
      </Button>
    </>
  );

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('account.password.title')}>
      {variant === 'dialog' ? (
        <>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {fields}
            </Stack>
          </DialogContent>
          <DialogActions>{buttons}</DialogActions>
        </>
      ) : (
        <Stack spacing={2}>
          {fields}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            {buttons}
          </Stack>
        </Stack>
      )}
    </Box>
  );
}
