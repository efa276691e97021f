import { sendVerificationMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

/** Sends the verification code again (`POST /send-verification` with `Username`, `Password`). */
export const useSendVerification = () =>
  useStatusMutation({ ...sendVerificationMutation(), meta: LOCKOUT_SHOWN }, (t) => t('auth.verify.codeSent'));
