import { acceptVerificationMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

/** Verifies the account with the code it received (`POST /accept-verification`). */
export const useAcceptVerification = () =>
  useStatusMutation({ ...acceptVerificationMutation(), meta: LOCKOUT_SHOWN }, (t) => t('auth.verify.success'));
