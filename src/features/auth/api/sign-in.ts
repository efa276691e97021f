import { useMutation } from '@tanstack/react-query';
import { loginMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { storeAccessToken } from '../../../lib/session/session.ts';

/** Signs in through the generated `login` mutation and stores the access token (a refresh token is never kept). */
export function useSignIn(onSignedIn: () => void) {
  return useMutation({
    ...loginMutation(),
    onSuccess: (result) => {
      storeAccessToken(result.data.token);
      onSignedIn();
    },
  });
}
