import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePasswordMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import type { ChangePasswordRequest } from '@generated/api/types.gen.ts';
import { confirmStatus } from '../../../lib/api/results.ts';

/** Changes the own password (`POST /user/changepass`); `onChanged` runs with what was sent once the answer confirms it. */
export function useChangePassword(onChanged?: (sent: ChangePasswordRequest) => void) {
  const { t } = useTranslation();
  return useMutation({
    ...changePasswordMutation(),
    onSuccess: (result, { body }) => {
      if (confirmStatus(result, t('account.password.success'))) onChanged?.(body);
    },
  });
}
