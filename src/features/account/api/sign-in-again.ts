import { useMutation } from '@tanstack/react-query';
import { login } from '@generated/api/sdk.gen.ts';
import { storeAccessToken } from '../../../lib/session/session.ts';

/**
 * After the first sign-in's password change: signs in again with the new password (the session of the one-time
 * password carries `password_change_required`, and a server may end it when the password changes), and stores the
 * new token. `onSignedIn` runs once it is stored, `onFailed` when the new sign-in does not succeed.
 */
export function useSignInAgain(onSignedIn: () => void, onFailed: () => void) {
  return useMutation({
    mutationFn: async (credentials: { username: string; password: string }) =>
      (await login({ body: credentials, throwOnError: true })).data,
    retry: false,
    onSuccess: (result) => {
      // A new account's password change comes before any second factor: a challenge here is not this flow's.
      if (!('token' in result.data)) return onFailed();
      storeAccessToken(result.data.token);
      if (result.data.password_change_required) onFailed();
      else onSignedIn();
    },
    onError: onFailed,
  });
}
