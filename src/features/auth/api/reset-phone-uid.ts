import { resetPhoneUidMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

/** Step 1 of the login-info reset: sends a code to the account named by `info` (`POST /reset-phone-uid`). */
export const useResetPhoneUid = () => useStatusMutation(resetPhoneUidMutation(), (t) => t('auth.reset.codeSent'));
