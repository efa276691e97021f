import { forgetPasswordMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

/** Starts the forgot-password flow for an account named by `info` (`POST /forget-password`). */
export const useForgetPassword = () => useStatusMutation(forgetPasswordMutation(), (t) => t('auth.forgot.success'));
