import { registerMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { useStatusMutation } from '../../../lib/api/use-status-mutation.ts';

/** Registers a new account (`POST /register`); on success the account still has to be verified. */
export const useRegister = () => useStatusMutation(registerMutation(), (t) => t('auth.register.success'));
