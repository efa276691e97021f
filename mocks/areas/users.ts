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
import type { MockAccess } from '../access.ts';
import type { Body, MockArea } from '../area.ts';
import type { Caller } from '../caller.ts';
import type { Contract } from '../contract.ts';
import { defineArea, type OperationHandlers } from '../define-area.ts';
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
const withAccount = <A extends { data?: unknown }>(answer: A, user: User | undefined): A =>
  user ? { ...answer, data: user } : answer;

export const usersArea = (contract: Contract, access: MockAccess): MockArea => {
  const store = access.users;
  const accountCaller = (caller: Caller): AccountCaller => ({
    user_id: caller.id,
    UserType: caller.level,
    dealerCode: access.dealerCode(caller.claims),
  });
  /** The example named after the caller (an example account's own answer). */
  const callerExample: OperationHandlers<'getUserDetail'>['choose'] = ({ caller }, examples) =>
    examples.pick(caller?.name ?? '');
  return defineArea({
    contract,
    operations: {
      login: {
        choose: ({ body }, { has, pick }) =>
          has(String(body.username)) ? pick(String(body.username)) : pick('invalid-credentials'),
      },
      getChangedJwt: { choose: callerExample },
      getUserDetail: { choose: callerExample },
      getSubscriptionHistory: { choose: callerExample },
      getUserAuthority: { choose: callerExample },
      getUserList: {
        answer: ({ caller, query }, answer) =>
          caller
            ? pageUsers(
                store.all().filter((user) => caller.reachesUser(user.id)),
                query,
              )
            : answer,
      },
      addUser: {
        choose({ caller, body }, { pick }) {
          const refusal = caller && userChangeRefusal(store, accountCaller(caller), body);
          return refusal ? pick(refusal) : undefined;
        },
        answer: ({ body }, answer) => withAccount(answer, store.add(accountFields(body))),
      },
      updateUser: {
        choose({ caller, body }, { pick }) {
          const target = store.get(whole(body.user_id) ?? 0);
          const refusal = target && caller && userChangeRefusal(store, accountCaller(caller), body, target);
          return refusal ? pick(refusal) : undefined;
        },
        answer: ({ body }, answer) => withAccount(answer, store.update(whole(body.user_id) ?? 0, accountFields(body))),
      },
      getUserById: {
        // The caller's own id is always in reach: answered only while the account exists.
        choose: ({ params }, { pick }) => (store.get(pathInteger({ params }, 'id')) ? undefined : pick('not-found')),
        answer: ({ params }, answer) => withAccount(answer, store.get(pathInteger({ params }, 'id'))),
      },
      moveSubscriptions: {
        choose({ body }, { pick }) {
          const refusal = moveRefusal(store, body);
          return refusal ? pick(refusal) : undefined;
        },
        answer({ body }, answer) {
          store.moveSubscriptions(whole(body.user_id) ?? 0, whole(body.new_user_id) ?? 0);
          return answer;
        },
      },
      setUserActiveStatus: {
        answer({ body }, answer) {
          store.setActive(whole(body.user_id) ?? 0, body.state === 1);
          return answer;
        },
      },
      deleteAppUser: {
        answer({ body }, answer) {
          store.remove(whole(body.user_id) ?? 0);
          return answer;
        },
      },
    },

    // The accounts are put back by the mock's one reset (mocks/db/index.ts).
  });
};
