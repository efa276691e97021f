import { describe, expect, it } from 'vitest';
import { decideAccess, decideSession, needsAuthority, type AccessRequest, type Authority } from './access.ts';
import type { TokenClaims } from '../lib/session/session.ts';

const claims = (UserType: TokenClaims['UserType'], SubExpireDate = '2027-12-31T23:59:59Z'): TokenClaims => ({
  Username: 'x',
  SubExpireDate,
  UserType,
  user_id: 1,
  OldUserId: 0,
});
const paid: Authority = { NO_ADS: true };
const decide = (request: Partial<AccessRequest>) =>
  decideAccess({ path: '/Panels', level: 0, claims: claims(0), authority: paid, ...request });

describe('access rules', () => {
  it('lets anyone open the public pages', () => {
    expect(decide({ path: '/login', level: 'public', claims: null })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/Dealer/Create', level: 'public', claims: null })).toEqual({ kind: 'allow' });
  });

  it("sends a signed-in user from the sign-in page to their role's first page (admins home, others Panels)", () => {
    expect(decide({ path: '/login', level: 'public', claims: claims(2) })).toEqual({
      kind: 'redirect',
      to: '/',
      reason: 'signedIn',
    });
    expect(decide({ path: '/login/', level: 'public', claims: claims(0) })).toMatchObject({
      to: '/Panels',
      reason: 'signedIn',
    });
    expect(decide({ path: '/login', level: 'public', claims: claims(1) })).toMatchObject({ to: '/Panels' });
    // The dealer application stays open to everyone.
    expect(decide({ path: '/Dealer/Create', level: 'public', claims: claims(0) })).toEqual({ kind: 'allow' });
  });

  it('sends a visitor without a stored token to the login page', () => {
    expect(decide({ claims: null })).toMatchObject({ kind: 'redirect', to: '/login' });
  });

  it.each([
    [0, 0, 'allow'],
    [0, 1, 'forbidden'],
    [0, 2, 'forbidden'],
    [1, 0, 'allow'],
    [1, 1, 'allow'],
    [1, 2, 'forbidden'],
    [2, 0, 'allow'],
    [2, 1, 'allow'],
    [2, 2, 'allow'],
  ] as const)('user type %i on a level-%i route: %s', (userType, level, expected) => {
    const decision = decide({ claims: claims(userType), level, path: '/Users' });
    if (expected === 'allow') expect(decision).toEqual({ kind: 'allow' });
    else expect(decision).toMatchObject({ kind: 'redirect', to: '/Error/Forbidden' });
  });

  it('lets the signed-in layout through only with a session, and sends a visitor to sign in', () => {
    expect(decideSession(claims(0))).toEqual({ kind: 'allow' });
    expect(decideSession(null)).toEqual(decide({ claims: null }));
    expect(decideSession(null)).toMatchObject({ kind: 'redirect', to: '/login', reason: 'session' });
  });

  it('holds a session signed in with a one-time password to the password change, and no one else there', () => {
    const mustChange: TokenClaims = { ...claims(2), password_change_required: true };
    const change = { kind: 'redirect', to: '/User/FirstPassword', reason: 'passwordChange' };
    for (const [path, level] of [
      ['/', 0],
      ['/Users', 1],
      ['/User/ChangePassword', 0],
      ['/login', 'public'],
    ] as const) {
      expect(decide({ path, level, claims: mustChange })).toEqual(change);
    }
    expect(decideSession(mustChange)).toEqual(change);
    expect(decide({ path: '/User/FirstPassword', claims: mustChange })).toEqual({ kind: 'allow' });
    expect(needsAuthority({ path: '/User/FirstPassword', level: 0, claims: mustChange })).toBe(false);
    // Without the claim the page is not for this session: home; without a session: sign in.
    expect(decide({ path: '/User/FirstPassword', claims: claims(0) })).toMatchObject({ to: '/Panels' });
    expect(decide({ path: '/User/FirstPassword', claims: null })).toMatchObject({ to: '/login' });
  });

  it('holds a session that must enrol a required second factor to its enrolment, and no one else there', () => {
    const mustEnrol: TokenClaims = { ...claims(1), second_factor_enrolment_required: true };
    const enrol = { kind: 'redirect', to: '/User/TwoStepRequired', reason: 'secondFactor' };
    for (const [path, level] of [
      ['/', 0],
      ['/Panels', 0],
      ['/User/Edit', 0],
      ['/login', 'public'],
    ] as const) {
      expect(decide({ path, level, claims: mustEnrol })).toEqual(enrol);
    }
    expect(decideSession(mustEnrol)).toEqual(enrol);
    expect(decide({ path: '/User/TwoStepRequired', claims: mustEnrol })).toEqual({ kind: 'allow' });
    expect(needsAuthority({ path: '/User/TwoStepRequired', level: 0, claims: mustEnrol })).toBe(false);
    expect(decide({ path: '/User/TwoStepRequired', claims: claims(1) })).toMatchObject({ to: '/Panels' });
    expect(decide({ path: '/User/TwoStepRequired', claims: null })).toMatchObject({ to: '/login' });
  });

  it('sends non-admins from home to Panels, and keeps admins home', () => {
    expect(decide({ path: '/', claims: claims(0) })).toMatchObject({ to: '/Panels', reason: 'home' });
    expect(decide({ path: '/', claims: claims(1) })).toMatchObject({ to: '/Panels', reason: 'home' });
    expect(decide({ path: '/', claims: claims(2) })).toEqual({ kind: 'allow' });
  });

  it('sends a plan without the no-advertising flag to the price list, except the price list and pay page', () => {
    const free: Authority = { NO_ADS: false };
    expect(decide({ authority: free })).toMatchObject({ to: '/Payment/List', search: { type: 'noSub' } });
    expect(decide({ authority: free, path: '/' })).toMatchObject({ to: '/Payment/List' });
    expect(decide({ authority: free, path: '/Payment/List' })).toEqual({ kind: 'allow' });
    expect(decide({ authority: free, path: '/Payment/2/22/1' })).toEqual({ kind: 'allow' });
  });

  it('treats an expiry year before 2000 as no subscription', () => {
    expect(decide({ claims: claims(0, '0001-01-01T00:00:00Z') })).toMatchObject({ to: '/Payment/List' });
    expect(decide({ claims: claims(0, '1999-12-31T00:00:00Z') })).toMatchObject({ to: '/Payment/List' });
    expect(decide({ claims: claims(0, '2000-01-01T00:00:00Z') })).toEqual({ kind: 'allow' });
  });

  it('checks the level before the subscription (a forbidden page stays forbidden)', () => {
    expect(decide({ claims: claims(0, '0001-01-01T00:00:00Z'), level: 2 })).toMatchObject({ to: '/Error/Forbidden' });
  });

  it('loads the authority plan only when the decision depends on it', () => {
    const request = { path: '/Panels', level: 0 as const, claims: claims(0) };
    expect(needsAuthority(request)).toBe(true);
    expect(needsAuthority({ ...request, level: 'public' })).toBe(false);
    expect(needsAuthority({ ...request, claims: null })).toBe(false);
    // Forbidden by level, exempt from the subscription guard, or without a subscription by date: decided already.
    expect(needsAuthority({ ...request, level: 1 })).toBe(false);
    expect(needsAuthority({ ...request, path: '/Payment/List' })).toBe(false);
    expect(needsAuthority({ ...request, claims: claims(0, '0001-01-01T00:00:00Z') })).toBe(false);
  });
});
