import { resetPhoneUidMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { useStatusMutation } from './use-status-mutation.ts';

/** Step 1 of the login-info reset: sends a code to the account named by `info` (`POST /reset-phone-uid`). */
export const useResetPhoneUid = () => useStatusMutation(resetPhoneUidMutation(), 'auth.reset.codeSent');
