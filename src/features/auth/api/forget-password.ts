import { forgetPasswordMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

/** Starts the forgot-password flow for an account named by `info` (`POST /forget-password`). */
export const useForgetPassword = () =>
  useStatusMutation({ ...forgetPasswordMutation(), meta: LOCKOUT_SHOWN }, (t) => t('auth.forgot.success'));
