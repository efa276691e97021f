import { useMutation } from '@tanstack/react-query';
import { loginMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { storeAccessToken } from '../../../lib/session/session.ts';

/**
 * Signs in through the generated `login` mutation and stores the access token (a refresh token is never kept). An
 * account with a second factor answers a challenge instead (no token yet): `onSecondFactor` takes it to the next step.
 */
export function useSignIn(onSignedIn: () => void, onSecondFactor: (challenge: string) => void) {
  return useMutation({
    ...loginMutation(),
    // The sign-in page shows a lockout itself (LockoutNotice), counting down: no toast as well.
    meta: LOCKOUT_SHOWN,
    onSuccess: (result) => {
      if ('challenge' in result.data) return onSecondFactor(result.data.challenge);
      storeAccessToken(result.data.token);
      onSignedIn();
    },
  });
}
