import { useMutation } from '@tanstack/react-query';
import { loginMutation } from '@generated/api/@tanstack/react-query.gen.ts';
import { storeTokens } from '../../../lib/session/session.ts';

/** Signs in through the generated `login` mutation and stores the returned tokens. */
export function useSignIn(onSignedIn: () => void) {
  return useMutation({
    ...loginMutation(),
    onSuccess: (result) => {
      storeTokens(result.data.token, result.data.refresh_token);
      onSignedIn();
    },
  });
}
