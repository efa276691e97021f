/**
 * Whether an account has a subscription, as the access token's `SubExpireDate` claim says it (the contract's
 * `TokenClaims`: a year before 2000 means no subscription was ever bought). The console and the mock both read it here.
 */
export function hasSubscription(claims: { SubExpireDate?: string } | null): boolean {
  if (!claims?.SubExpireDate) return false;
  const year = Number(claims.SubExpireDate.slice(0, 4));
  return Number.isFinite(year) && year >= 2000;
}
