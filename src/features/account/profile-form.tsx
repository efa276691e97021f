import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UpdateRegisterRequest, User } from '@generated/api/types.gen.ts';
import { notifyValidation } from '../../lib/api/feedback.ts';
import { AccountForm, useAccountForm, type AccountField } from '../../lib/users/account-fields.tsx';
import { useUpdateProfile } from './api/update-profile.ts';
import { hasErrors, profileRules, validateProfile } from './validation.ts';

/** The phone and the dealer code are shown, not edited (spec 1 §5). */
const SHOWN_ONLY: ReadonlySet<AccountField> = new Set(['phone', 'dealercode']);

/** The own-profile form: name and e-mail editable, phone and dealer code shown but disabled (spec 1 §5). */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const save = useUpdateProfile();
  const form = useAccountForm({
    name: user.name,
    email: user.email,
    phone: user.Phonenumber,
    dealercode: user.Dealercode,
  });
  const values: UpdateRegisterRequest = {
    name: form.values.name.trim(),
    email: form.values.email.trim(),
    phone: user.Phonenumber,
  };
  const errors = validateProfile(values);
  const changed = values.name !== user.name || values.email !== user.email;
  const canSave = changed && !hasErrors(errors) && !save.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasErrors(errors)) {
      form.showAll();
      notifyValidation(t('account.validation.formInvalid'));
      return;
    }
    if (canSave) save.mutate({ body: values });
  };

  return (
    <AccountForm
      label={t('account.profile.title')}
      form={form}
      rules={profileRules.rules}
      errors={errors}
      disabled={SHOWN_ONLY}
      ownAccount
      submitLabel={t('account.profile.save')}
      canSave={canSave}
      pending={save.isPending}
      onSubmit={submit}
    />
  );
}
