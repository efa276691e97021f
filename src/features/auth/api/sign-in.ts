import { useMutation } from '@tanstack/react-query';
import { loginMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { storeAccessToken } from '../../../lib/session/session.ts';

/** Signs in through the generated `login` mutation and stores the access token (a refresh token is never kept). */
export function useSignIn(onSignedIn: () => void) {
  return useMutation({
    ...loginMutation(),
    // The sign-in page shows a lockout itself (LockoutNotice), counting down: no toast as well.
    meta: LOCKOUT_SHOWN,
    onSuccess: (result) => {
      storeAccessToken(result.data.token);
      onSignedIn();
    },
  });
}
