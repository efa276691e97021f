import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UpdateRegisterRequest, User } from '@generated/api/types.gen.ts';
import { notifyValidation } from '../../lib/api/feedback.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { fieldMessage } from '../../lib/forms/field-message.ts';
import { hasErrors, profileRules, validateProfile } from './validation.ts';

type Editable = 'name' | 'email';

/** The own-profile form: name and e-mail editable, phone and dealer code shown but disabled (spec 1 §5). */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const save = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [touched, setTouched] = useState<Partial<Record<Editable, boolean>>>({});
  const values: UpdateRegisterRequest = { name: name.trim(), email: email.trim(), phone: user.Phonenumber };
  const errors = validateProfile(values);
  const changed = values.name !== user.name || values.email !== user.email;
  const canSave = changed && !hasErrors(errors) && !save.isPending;
  const shown = (field: Editable) =>
    touched[field] ? fieldMessage(t, errors[field], profileRules.rules[field]) : undefined;
  const touch = (field: Editable) => () => setTouched((current) => ({ ...current, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasErrors(errors)) {
      setTouched({ name: true, email: true });
      notifyValidation(t('account.validation.formInvalid'));
      return;
    }
    if (canSave) save.mutate({ body: values });
  };

  return (
    <Paper component="form" onSubmit={submit} noValidate aria-label={t('account.profile.title')} sx={{ p: 3 }}>
      <Stack spacing={2}>
        <TextField
          label={t('account.profile.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onBlur={touch('name')}
          error={Boolean(shown('name'))}
          helperText={shown('name')}
          autoComplete="name"
          required
          fullWidth
        />
        <TextField
          label={t('account.profile.email')}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={touch('email')}
          error={Boolean(shown('email'))}
          helperText={shown('email')}
          autoComplete="email"
          required
          fullWidth
        />
        <TextField
          label={t('account.profile.phone')}
          value={user.Phonenumber}
          error={Boolean(errors.phone)}
          helperText={fieldMessage(t, errors.phone, profileRules.rules.phone)}
          required
          disabled
          fullWidth
        />
        <TextField label={t('account.profile.dealerCode')} value={user.Dealercode} disabled fullWidth />
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSave}
            aria-busy={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {t('account.profile.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
