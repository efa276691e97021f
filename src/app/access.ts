/**
 * Who may open what (spec 1 §6, spec 2 §2). A route is allowed when its menu level is at most the user type
 * (0 user, 1 dealer, 2 admin); only the public pages work without a stored token; a user whose plan lacks
 * the no-advertising flag, or who never bought a subscription (expiry year before 2000), is sent to the price
 * list with `type=noSub` from every page but the price list and the pay page; home sends non-admins to Panels; a
 * signed-in user who opens the sign-in page goes to the home page of their role.
 */
import type { UserAuthority, UserType } from '@generated/api/types.gen.ts';
import { hasSubscription, type TokenClaims } from '../lib/session/session.ts';
import { homeFor } from '../lib/routing/home.ts';
import { isSignInPage, isSubscriptionExempt, matchesRoute, paths, routes } from '../lib/routing/paths.ts';
import { noSubscriptionSearch } from '../lib/routing/payment-search.ts';

/** A route's menu level is the lowest user type that may open it (the contract's UserType: user, dealer, admin). */
export type MenuLevel = UserType;

/** The part of the authority plan (GET user-authority) that access depends on. */
export type Authority = Pick<UserAuthority, 'NO_ADS'>;

export type AccessDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      search?: Record<string, string>;
      reason: 'session' | 'level' | 'subscription' | 'home' | 'signedIn' | 'passwordChange' | 'secondFactor';
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

/**
 * Whether the decision depends on the user's authority plan, so the guard must load it first: only a signed-in
 * user whose level fits, on a page the subscription guard covers, with a subscription by date.
 */
export const needsAuthority = ({ path, level, claims }: Omit<AccessRequest, 'authority'>): boolean =>
  level !== 'public' &&
  !!claims &&
  !claims.password_change_required &&
  !claims.second_factor_enrolment_required &&
  level <= claims.UserType &&
  !isSubscriptionExempt(path) &&
  hasSubscription(claims);

const NO_SESSION: AccessDecision = { kind: 'redirect', to: paths.login, reason: 'session' };

/**
 * A session signed in with a one-time password (`password_change_required`) may open only the password change; the
 * server refuses everything else until it is changed.
 */
const PASSWORD_CHANGE: AccessDecision = { kind: 'redirect', to: paths.firstPassword, reason: 'passwordChange' };

/**
 * A session whose account must enrol a second factor an administrator requires (`second_factor_enrolment_required`)
 * may open only the enrolment; the server refuses everything else until it is enrolled and the token renewed.
 */
const ENROLMENT: AccessDecision = { kind: 'redirect', to: paths.twoStepRequired, reason: 'secondFactor' };

/** Whether there is a session at all: every signed-in page needs one (and a one-time password changed first). */
export const decideSession = (claims: TokenClaims | null): AccessDecision =>
  !claims
    ? NO_SESSION
    : claims.password_change_required
      ? PASSWORD_CHANGE
      : claims.second_factor_enrolment_required
        ? ENROLMENT
        : { kind: 'allow' };

export function decideAccess({ path, level, claims, authority }: AccessRequest): AccessDecision {
  const firstPassword = matchesRoute(path, routes.firstPassword);
  if (claims?.password_change_required) return firstPassword ? { kind: 'allow' } : PASSWORD_CHANGE;
  if (firstPassword) return claims ? { kind: 'redirect', to: homeFor(claims.UserType), reason: 'home' } : NO_SESSION;
  const enrolment = matchesRoute(path, routes.twoStepRequired);
  if (claims?.second_factor_enrolment_required) return enrolment ? { kind: 'allow' } : ENROLMENT;
  if (enrolment) return claims ? { kind: 'redirect', to: homeFor(claims.UserType), reason: 'home' } : NO_SESSION;
  if (level === 'public') {
    return claims && isSignInPage(path)
      ? { kind: 'redirect', to: homeFor(claims.UserType), reason: 'signedIn' }
      : { kind: 'allow' };
  }
  if (!claims) return NO_SESSION;
  if (level > claims.UserType) return { kind: 'redirect', to: paths.forbidden, reason: 'level' };
  if (!isSubscriptionExempt(path) && needsSubscriptionGuard(claims, authority)) {
    return { kind: 'redirect', to: paths.priceList, search: { ...noSubscriptionSearch }, reason: 'subscription' };
  }
  if ((path === '' || matchesRoute(path, routes.home)) && homeFor(claims.UserType) !== paths.home)
    return { kind: 'redirect', to: homeFor(claims.UserType), reason: 'home' };
  return { kind: 'allow' };
}
