/**
 * The password flow: the one-time password and the password policy of the contract (`OneTimePassword`,
 * `NewPassword`), on a test account the run is told it may reset (`--password-account <user id>:<user name>`, with
 * `--allow-writes`; without the account every step is skipped, saying so):
 *
 *  reset the account as the administrator (changePassToDefault answers a one-time password) → sign in with it (the
 *  answer says `password_change_required: true`) → another call with that session is refused (403) → a new password
 *  one character shorter than `NewPassword`'s minimum is refused (400) → a common one of the list the policy names is
 *  refused (400) → a password that follows the policy is accepted → sign in with it (no change required) → the call
 *  refused before now answers. Clean-up resets the account again, so it ends with a one-time password the report
 *  never shows (an administrator resets it once more to hand it out).
 *
 * The refusals are sent with the right current password (the one-time password), so only the policy can refuse them.
 */
import { passwordPolicy, COMMON_PASSWORDS } from '../mocks/db/account-passwords.ts';
import type { CheckContext } from './checks.ts';
import {
  dataOf,
  expectRefused,
  expectSuccess,
  isSuccess,
  runStamp,
  show,
  StepFailure,
  StepSkip,
  type FlowSpec,
  type StepCalls,
} from './flow-kit.ts';
import { isObject } from './requests.ts';

/** The step every password step needs: the account the run may reset. */
const NO_ACCOUNT =
  'needs --password-account <user id>:<user name> (a test account the run may reset) and --allow-writes';

export function passwordFlow(ctx: CheckContext): FlowSpec {
  const account = ctx.passwordAccount;
  const policy = passwordPolicy(ctx.contract);
  const short = `Kz7.${'q'.repeat(Math.max(0, policy.minLength - 5))}`;
  const common = [...COMMON_PASSWORDS].find((password) => password.length >= policy.minLength) ?? 'password';
  const strong = `Conf-${runStamp(ctx.seed, 8)}-Kz.`;
  const state = {
    oneTime: undefined as string | undefined,
    limited: undefined as string | undefined,
    renewed: undefined as string | undefined,
    reset: false,
  };
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new StepSkip(NO_ACCOUNT);
    return value;
  };
  const signIn = async (calls: StepCalls, password: string) => {
    const answer = await calls.call('login', { body: { username: need(account).username, password } });
    expectSuccess('login', answer);
    const data = dataOf(answer);
    if (!isObject(data) || typeof data.token !== 'string') throw new StepFailure('login answered no data.token');
    return { token: data.token, required: data.password_change_required };
  };
  const resetAccount = async (calls: StepCalls): Promise<string> => {
    const body = { user_id: need(account).id, state: 1 };
    const answer = await calls.call('changePassToDefault', { token: ctx.token, body });
    expectSuccess('changePassToDefault', answer);
    const once = isObject(answer.json) ? answer.json.one_time_password : undefined;
    if (!isObject(once) || typeof once.password !== 'string')
      throw new StepFailure('changePassToDefault answered no one_time_password.password');
    return once.password;
  };
  const change = (calls: StepCalls, next: string) =>
    calls.call('changePassword', {
      token: need(state.limited),
      body: { old: need(state.oneTime), new: next, new_retry: next },
    });
  const refusedAs400 = async (calls: StepCalls, next: string, what: string) => {
    const answer = await change(calls, next);
    expectRefused(ctx, 'changePassword', answer, what);
    if (answer.status !== 400) throw new StepFailure(`${what}: changePassword answered ${answer.status}, expected 400`);
  };
  return {
    name: 'password',
    steps: [
      {
        label: 'reset the test account: a one-time password is answered',
        operationId: 'changePassToDefault',
        async run(calls) {
          if (!ctx.allowWrites) throw new StepSkip(NO_ACCOUNT);
          state.oneTime = await resetAccount(calls);
          state.reset = true;
        },
      },
      {
        label: 'sign in with it: the password must be changed',
        operationId: 'login',
        async run(calls) {
          const signed = await signIn(calls, need(state.oneTime));
          state.limited = signed.token;
          if (signed.required !== true)
            throw new StepFailure(`login answered password_change_required ${show(signed.required)}, expected true`);
        },
      },
      {
        label: 'another call is refused until it is changed',
        operationId: 'getUserDetail',
        async run(calls) {
          const answer = await calls.call('getUserDetail', { token: need(state.limited) });
          if (answer.status !== 403)
            throw new StepFailure(`getUserDetail answered ${answer.status} before the password change, expected 403`);
        },
      },
      {
        label: `a password of ${policy.minLength - 1} characters is refused`,
        operationId: 'changePassword',
        run: (calls) => refusedAs400(calls, short, `a new password of ${short.length} characters was accepted`),
      },
      {
        label: 'a common password is refused',
        operationId: 'changePassword',
        async run(calls) {
          await refusedAs400(calls, common, `the common password ${show(common)} was accepted`);
        },
      },
      {
        label: 'a password that follows the policy is accepted',
        operationId: 'changePassword',
        async run(calls) {
          expectSuccess('changePassword', await change(calls, strong));
        },
      },
      {
        label: 'sign in with the new password: no change required',
        operationId: 'login',
        async run(calls) {
          const signed = await signIn(calls, strong);
          state.renewed = signed.token;
          if (signed.required === true) throw new StepFailure('login still answered password_change_required true');
        },
      },
      {
        label: 'the refused call answers now',
        operationId: 'getUserDetail',
        async run(calls) {
          const answer = await calls.call('getUserDetail', { token: need(state.renewed) });
          if (!isSuccess(answer))
            throw new StepFailure(`getUserDetail answered ${answer.status} after the password change`);
        },
      },
    ],
    cleanups: [
      {
        label: 'reset the test account again',
        operationId: 'changePassToDefault',
        notNeeded: () => (state.reset ? undefined : 'the account was not reset'),
        async run(calls) {
          await resetAccount(calls);
        },
      },
    ],
  };
}
