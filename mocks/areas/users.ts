/**
 * The accounts of the mock: the sign-in answers the example of the user named (`invalid-credentials` for any other),
 * the signed-in user's token refresh, details, authority and subscription history answer that user's example (the
 * sessions area, mocks/areas/sessions.ts, puts a fresh token of the session in the sign-in and refresh answers), and
 * every call on other users' accounts acts on the mock's one store of accounts (`UserStore`, mocks/db/user-list.ts,
 * shared with the access rules of mocks/access.ts):
 *  - the user list pages the store, holding only the users within the caller's reach;
 *  - the proposed calls (openapi/README.md "Proposed calls") create an account (`addUser`), read one by id
 *    (`getUserById`), save one (`updateUser`) and move one account's subscriptions to another
 *    (`moveSubscriptions`), refusing what their descriptions say the backend must refuse (`userChangeRefusal`,
 *    `moveRefusal`) with the contract's named examples;
 *  - activate and deactivate set `active`, delete removes the account (out of the list and of every reach).
 * The access rules (401, 403 below the level, 404 out of reach) have run before any of this. `areas/reset` puts the
 * store back as the examples have it.
 */
import type { User } from '@generated/api/types.gen.ts';
import type { MockAccess, MockClaims } from '../access.ts';
import { examplePickers, json, type Body, type MockArea } from '../area.ts';
import type { Contract } from '../contract.ts';
import { integerValue, pathInteger } from '../ids.ts';
import { pageUsers, type AccountFields, type UserStore } from '../db/user-list.ts';

/** Why a proposed account call is refused (the name of the contract's example it answers). */
export type UserChangeRefusal = 'user-type-not-allowed' | 'dealer-code-not-allowed' | 'email-taken';

/** The caller as the account rules see them. */
export interface AccountCaller {
  user_id: number;
  UserType: number;
  /** The caller's own dealer code ('' when none). */
  dealerCode: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** A body id as the mock reads one (mocks/ids.ts). */
const whole = integerValue;

/** The account fields of an `addUser` or `updateUser` body, in the record's own names. */
export const accountFields = (body: Body): AccountFields => ({
  name: text(body.name).trim(),
  email: text(body.email).trim(),
  Phonenumber: text(body.phone),
  Dealercode: text(body.dealercode).trim(),
  user_type: (whole(body.user_type) ?? 0) as User['user_type'],
});

/**
 * What `addUser` (no `target`) or `updateUser` (the account saved) must refuse, in the contract's order: a user type
 * above the caller's, an account whose type is above the caller's, the caller's own user type changed (403
 * `user-type-not-allowed`); a dealer giving a dealer code not its own (403 `dealer-code-not-allowed`); an e-mail
 * address of another account (409 `email-taken`). A body of the wrong shape is Prism's to refuse (400).
 */
export function userChangeRefusal(
  store: Pick<UserStore, 'emailTaken'>,
  caller: AccountCaller,
  body: Body,
  target?: User,
): UserChangeRefusal | undefined {
  const type = whole(body.user_type);
  if (type !== undefined && type > caller.UserType) return 'user-type-not-allowed';
  if (target && target.user_type > caller.UserType) return 'user-type-not-allowed';
  if (target && target.id === caller.user_id && type !== undefined && type !== target.user_type) {
    return 'user-type-not-allowed';
  }
  if (caller.UserType < 2 && text(body.dealercode).trim() !== caller.dealerCode) return 'dealer-code-not-allowed';
  if (typeof body.email === 'string' && store.emailTaken(body.email, target?.id)) return 'email-taken';
  return undefined;
}

/** What `moveSubscriptions` must refuse with 400: the same account on both sides, or a source without any. */
export function moveRefusal(store: Pick<UserStore, 'get'>, body: Body): 'same-user' | 'nothing-to-move' | undefined {
  const from = whole(body.user_id);
  if (from === undefined) return undefined;
  if (from === whole(body.new_user_id)) return 'same-user';
  return store.get(from)?.subscribes.length === 0 ? 'nothing-to-move' : undefined;
}

/** Prism's answer with `data` set to the account as stored (a save's answer, a read by id). */
function withAccount(payload: Buffer, user: User | undefined): Buffer {
  if (!user) return payload;
  try {
    return json({ ...(JSON.parse(payload.toString('utf8')) as object), data: user });
  } catch {
    return payload;
  }
}

export const usersArea = (contract: Contract, access: MockAccess): MockArea => {
  const examples = examplePickers(contract);
  const store = access.users;
  const callerOf = (claims: Record<string, unknown>): AccountCaller => {
    const caller = claims as MockClaims;
    return { user_id: caller.user_id, UserType: caller.UserType, dealerCode: access.dealerCode(caller) };
  };
  return {
    choose(key, { body, claims, params }) {
      const { pick, has } = examples(key);
      switch (key) {
        case 'post /logins':
          return has(String(body.username)) ? pick(String(body.username)) : pick('invalid-credentials');
        case 'get /changed-jwt':
        case 'get /user/getuserdetail':
        case 'get /user/subscriptions':
        case 'get /user-authority':
          return pick(String(claims.Username ?? ''));
        case 'post /user/adduser': {
          const refusal = userChangeRefusal(store, callerOf(claims), body);
          return refusal ? pick(refusal) : undefined;
        }
        case 'put /user/updateuser': {
          const target = store.get(whole(body.user_id) ?? 0);
          const refusal = target && userChangeRefusal(store, callerOf(claims), body, target);
          return refusal ? pick(refusal) : undefined;
        }
        case 'get /user/getuserdetail/{id}':
          // The caller's own id is always in reach: answered only while the account exists.
          return store.get(pathInteger({ params }, 'id')) ? undefined : pick('not-found');
        case 'post /user/movesubscriptions': {
          const refusal = moveRefusal(store, body);
          return refusal ? pick(refusal) : undefined;
        }
        default:
          return undefined;
      }
    },

    answer(key, { query, claims, body, params }, payload) {
      switch (key) {
        case 'get /user/getuserlist': {
          const caller = claims as MockClaims;
          return json(
            pageUsers(
              store.all().filter((user) => access.reachesUser(caller, user.id)),
              query,
            ),
          );
        }
        case 'post /user/adduser':
          return withAccount(payload, store.add(accountFields(body)));
        case 'put /user/updateuser':
          return withAccount(payload, store.update(whole(body.user_id) ?? 0, accountFields(body)));
        case 'get /user/getuserdetail/{id}':
          return withAccount(payload, store.get(pathInteger({ params }, 'id')));
        case 'post /user/movesubscriptions':
          store.moveSubscriptions(whole(body.user_id) ?? 0, whole(body.new_user_id) ?? 0);
          return payload;
        case 'put /user/setuseractivestatus':
          store.setActive(whole(body.user_id) ?? 0, body.state === 1);
          return payload;
        case 'delete /user/deleteappuser':
          store.remove(whole(body.user_id) ?? 0);
          return payload;
        default:
          return payload;
      }
    },
    // The accounts are put back by the mock's one reset (mocks/db/index.ts).
  };
};
