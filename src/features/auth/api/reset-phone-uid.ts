import { resetPhoneUidMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

/** Step 1 of the login-info reset: sends a code to the account named by `info` (`POST /reset-phone-uid`). */
export const useResetPhoneUid = () =>
  useStatusMutation({ ...resetPhoneUidMutation(), meta: LOCKOUT_SHOWN }, (t) => t('auth.reset.codeSent'));
