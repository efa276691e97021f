import { verifyResetUidMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

/** Step 2 of the login-info reset: confirms it with the code (`POST /verify-reset-uid`); the user signs in again. */
export const useVerifyResetUid = () =>
  useStatusMutation({ ...verifyResetUidMutation(), meta: LOCKOUT_SHOWN }, (t) => t('auth.reset.relogin'));
