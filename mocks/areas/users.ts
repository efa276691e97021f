/**
 * The accounts of the mock: the sign-in answers the example of the user named (`invalid-credentials` for any other),
 * the signed-in user's token refresh, details, authority and subscription history answer that user's example, and
 * the user list pages a generated installation behind the contract's five users (mocks/user-list.ts), holding only
 * the users within the caller's reach (mocks/access.ts).
 */
import type { MockAccess, MockClaims } from '../access.ts';
import { examplePickers, type MockArea } from '../area.ts';
import type { Contract } from '../contract.ts';
import { pageUsers } from '../user-list.ts';

export const usersArea = (contract: Contract, access: MockAccess): MockArea => {
  const examples = examplePickers(contract);
  return {
    choose(key, { body, claims }) {
      const { pick, has } = examples(key);
      switch (key) {
        case 'post /logins':
          return has(String(body.username)) ? pick(String(body.username)) : pick('invalid-credentials');
        case 'get /changed-jwt':
        case 'get /user/getuserdetail':
        case 'get /user/subscriptions':
        case 'get /user-authority':
          return pick(String(claims.Username ?? ''));
        default:
          return undefined;
      }
    },

    answer(key, { query, claims }, payload) {
      if (key !== 'get /user/getuserlist') return payload;
      const caller = claims as MockClaims;
      return pageUsers(payload, query, (user) => access.reachesUser(caller, user.id));
    },
  };
};
