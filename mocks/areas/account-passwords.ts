/**
 * Passwords on the mock (mocks/db/account-passwords.ts keeps them; this area makes the calls use them), listed before
 * the users area so that its sign-in choice comes first:
 *  - `addUser` and `changePassToDefault` answer the account's new one-time password, once;
 *  - signing in (`login`) to an account that has a password checks it: a wrong one answers 401
 *    `invalid-credentials`, an expired one-time password 401 `one-time-password-expired`, a one-time password a token
 *    with the claim `password_change_required` and the answer's flag. An account added by `addUser` signs in with its
 *    e-mail address. An account without a password (the five example accounts until one is set) is the users area's:
 *    any password works;
 *  - the password change (`changePassword`) and the sign-up (`register`) refuse a password the policy refuses (400
 *    `password-too-short`, `password-too-common`), a repeat that differs, and a wrong current password; an accepted
 *    change is kept and ends the one-time password;
 *  - an added account's token refresh, authority and profile are its own (not an example account's).
 * The access rules (mocks/access.ts) refuse every other call of an account that must change its password.
 */
import type { User } from '@generated/api/types.gen.ts';
import { signMockToken, type MockAccess, type MockClaims } from '../access.ts';
import { tokenClaims, type MockArea } from '../area.ts';
import type { Caller } from '../caller.ts';
import { defineArea } from '../define-area.ts';
import { oneTimePasswordRules, passwordPolicy, type PasswordCheck } from '../db/account-passwords.ts';
import type { Contract } from '../contract.ts';
import { idValue } from '../ids.ts';

/** How long a token the mock signs for an added account lives (the example accounts' tokens are the contract's). */
const ADDED_ACCOUNT_TOKEN_SECONDS = 3600;
const NO_SUBSCRIPTION = '0001-01-01T00:00:00Z';

/** The latest end of an account's subscriptions (the token's `SubExpireDate`), or the year 1 without any. */
const subscriptionEnd = (user: User): string =>
  user.subscribes
    .map((entry) => entry.end_date)
    .sort()
    .at(-1) ?? NO_SUBSCRIPTION;

export const accountPasswordsArea = (contract: Contract, access: MockAccess, now = Date.now): MockArea => {
  const store = access.users;
  const passwords = store.passwords;
  const policy = passwordPolicy(contract);
  const oneTime = oneTimePasswordRules(contract);
  // The example accounts by the user name they sign in with, with their example token's claims.
  const exampleClaims = new Map<string, MockClaims>();
  for (const [name, { status }] of contract.responseExamples(contract.byId('login'))) {
    if (status !== '200') continue;
    const claims = tokenClaims(`Bearer ${contract.exampleToken(name)}`) as MockClaims;
    if (!claims.password_change_required) exampleClaims.set(name, claims);
  }
  const exampleName = (id: number) => [...exampleClaims].find(([, claims]) => claims.user_id === id)?.[0];
  const accountOf = (name: string): number | undefined => exampleClaims.get(name)?.user_id ?? store.byEmail(name)?.id;
  /** The sign-in's account and how its password compares; undefined when the users area answers it. */
  const signIn = (body: {
    username?: unknown;
    password?: unknown;
  }): { id: number; name: string; check: PasswordCheck } | undefined => {
    const name = String(body.username ?? '');
    const id = accountOf(name);
    if (id === undefined || !passwords.has(id)) return undefined;
    return { id, name, check: passwords.check(id, String(body.password ?? ''), now()) };
  };
  /** The claims of an account's token: an example account's as the contract has them, else the account's own. */
  const claimsOf = (id: number, name: string): MockClaims | undefined => {
    const example = exampleClaims.get(exampleName(id) ?? '');
    if (example) return { ...example };
    const user = store.get(id);
    if (!user) return undefined;
    const issued = Math.floor(now() / 1000);
    return {
      Username: name,
      SubExpireDate: subscriptionEnd(user),
      UserType: user.user_type,
      user_id: id,
      OldUserId: 0,
      iat: issued,
      exp: issued + ADDED_ACCOUNT_TOKEN_SECONDS,
    };
  };
  /** An account the mock added (not one of the contract's examples), as the users area keeps it. */
  const added = (caller: Caller | undefined) => (caller && !exampleName(caller.id) ? store.get(caller.id) : undefined);

  return defineArea({
    contract,
    operations: {
      login: {
        choose({ body }, { pick }) {
          const found = signIn(body);
          if (!found) return undefined;
          if (found.check === 'expired') return pick('one-time-password-expired');
          return found.check === 'ok' || found.check === 'one-time'
            ? pick('one-time-password')
            : pick('invalid-credentials');
        },
        answer({ body }, answer) {
          const found = signIn(body);
          if (!found || (found.check !== 'ok' && found.check !== 'one-time')) return answer;
          const signed = claimsOf(found.id, found.name);
          if (!signed) return answer;
          const required = found.check === 'one-time';
          const token = signMockToken(required ? { ...signed, password_change_required: true } : signed);
          return { data: { token, ...(required && { password_change_required: true }) } };
        },
      },
      register: {
        choose({ body }, { pick }) {
          const refused = policy.refusal(String(body.password ?? ''));
          return refused ? pick(refused) : undefined;
        },
      },
      changePassword: {
        choose({ body, caller }, { pick }) {
          const refused = policy.refusal(String(body.new ?? ''));
          if (refused) return pick(refused);
          if (body.new !== body.new_retry) return pick('passwords-differ');
          const check = passwords.check(idValue(caller?.id), String(body.old ?? ''), now());
          return check === 'wrong' || check === 'expired' ? pick('wrong-old-password') : undefined;
        },
        answer({ body, caller }, answer) {
          passwords.set(idValue(caller?.id), body.new);
          return answer;
        },
      },
      changePassToDefault: {
        answer: ({ body }, answer) =>
          store.get(body.user_id)
            ? { ...answer, one_time_password: passwords.issue(body.user_id, oneTime, now()) }
            : answer,
      },
      // An added account has no subscription: the free plan's authority.
      getUserAuthority: { choose: ({ caller }, { pick }) => (added(caller) ? pick('nosub') : undefined) },
      // Answered from the account below; never an example account's.
      getChangedJwt: {
        choose: ({ caller }, { pick }) => (added(caller) ? pick('user') : undefined),
        answer({ caller }, answer) {
          const signed = caller && added(caller) ? claimsOf(caller.id, caller.name) : undefined;
          return signed ? { data: { data: { token: signMockToken(signed) } } } : answer;
        },
      },
      getUserDetail: {
        choose: ({ caller }, { pick }) => (added(caller) ? pick('user') : undefined),
        answer({ caller }, answer) {
          const user = added(caller);
          return user ? { ...answer, data: user } : answer;
        },
      },
      // After the users area stored the new account (its `answer`): its one-time password, once.
      addUser: {
        reshape({ headers }, answer) {
          const id = answer.data?.id;
          if (headers.prefer || id === undefined || !store.get(id) || passwords.has(id)) return answer;
          return { ...answer, one_time_password: passwords.issue(id, oneTime, now()) };
        },
      },
    },
  });
};
