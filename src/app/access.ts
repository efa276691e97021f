/**
 * Who may open what (spec 1 §6, spec 2 §2). A route is allowed when its menu level is at most the user type
 * (0 user, 1 dealer, 2 admin); only the public pages work without a stored token; a user whose plan lacks
 * the no-advertising flag, or who never bought a subscription (expiry year before 2000), is sent to the price
 * list with `type=noSub` from every page but the price list and the pay page; home sends non-admins to Panels.
 */
import { hasSubscription, type TokenClaims } from '../lib/session/session.ts';

export type MenuLevel = 0 | 1 | 2;

export const FORBIDDEN_PATH = '/Error/Forbidden';
export const PRICE_LIST_PATH = '/Payment/List';

/** Paths the subscription guard lets through: the price list and the pay page. */
const SUBSCRIPTION_EXEMPT = [/^\/Payment\/List\/?$/, /^\/Payment\/[^/]+\/[^/]+\/[^/]+\/?$/];

export interface Authority {
  NO_ADS?: boolean;
}

export type AccessDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      search?: Record<string, string>;
      reason: 'session' | 'level' | 'subscription' | 'home';
    };

export interface AccessRequest {
  path: string;
  level: MenuLevel | 'public';
  claims: TokenClaims | null;
  /** The user's authority plan, when known (GET user-authority). */
  authority?: Authority | null;
}

export const needsSubscriptionGuard = (claims: TokenClaims, authority?: Authority | null): boolean =>
  !hasSubscription(claims) || authority?.NO_ADS === false;

export function decideAccess({ path, level, claims, authority }: AccessRequest): AccessDecision {
  if (level === 'public') return { kind: 'allow' };
  if (!claims) return { kind: 'redirect', to: '/login', reason: 'session' };
  if (level > claims.UserType) return { kind: 'redirect', to: FORBIDDEN_PATH, reason: 'level' };
  if (!SUBSCRIPTION_EXEMPT.some((pattern) => pattern.test(path)) && needsSubscriptionGuard(claims, authority)) {
    return { kind: 'redirect', to: PRICE_LIST_PATH, search: { type: 'noSub' }, reason: 'subscription' };
  }
  if ((path === '/' || path === '') && claims.UserType !== 2)
    return { kind: 'redirect', to: '/Panels', reason: 'home' };
  return { kind: 'allow' };
}
