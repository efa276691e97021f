/**
 * The panel users list's mobile reset (`DELETE user/resetuseruid` with the account's `user_id`, spec 1 §2, §7):
 * releases the phone the account is bound to. A `Success` status gives 'İşlem Başarıyla Gerçekleşti' and runs
 * `onDone`; nothing on the list changes, so it is not read again. Never retried automatically.
 */
import { useMutation } from '@tanstack/react-query';
import { resetUserUidMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { confirmStatus } from '../../../lib/api/results.ts';

export function useMobileReset(onDone: () => void) {
  return useMutation({
    ...resetUserUidMutation(),
    retry: false,
    onSuccess: (result) => {
      if (confirmStatus(result)) onDone();
    },
  });
}
