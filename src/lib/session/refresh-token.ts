import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getChangedJwt } from '@generated/api/sdk.gen.ts';
import { storeAccessToken } from './session.ts';

/**
 * Asks for a fresh access token (`GET /changed-jwt` with the current one, new token at `data.data.token`) and
 * stores it (a `refresh_token` in the answer is ignored: the console keeps none). Used shortly
 * before the token expires, and after a coupon redeem or a payment, when the subscription in the token changed.
 */
export async function refreshAccessToken(): Promise<string> {
  const { data } = await getChangedJwt({ throwOnError: true });
  const { token } = data.data.data;
  storeAccessToken(token);
  return token;
}

/**
 * The refresh as a mutation: `mutateAsync()` resolves with the new token once it is stored. Every cached
 * answer is dropped afterwards, since the new token's claims (subscription, role) may change them.
 */
export function useRefreshToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['refreshAccessToken'],
    mutationFn: refreshAccessToken,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
