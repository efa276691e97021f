import { useMutation } from '@tanstack/react-query';
import { completeSecondFactorMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { LOCKOUT_SHOWN } from '../../../lib/api/feedback.ts';
import { storeAccessToken } from '../../../lib/session/session.ts';

/** The sign-in's second step: exchanges the challenge and a code for the session's token, stored as a sign-in's. */
export function useCompleteSecondFactor(onSignedIn: () => void) {
  return useMutation({
    ...completeSecondFactorMutation(),
    meta: LOCKOUT_SHOWN,
    onSuccess: (result) => {
      storeAccessToken(result.data.token);
      onSignedIn();
    },
  });
}
