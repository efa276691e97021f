import { acceptVerificationMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

/** Verifies the account with the code it received (`POST /accept-verification`). */
export const useAcceptVerification = () =>
  useStatusMutation(acceptVerificationMutation(), (t) => t('auth.verify.success'));
