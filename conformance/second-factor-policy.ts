/**
 * The administrators' requirement of a second factor (kind `second-factor`; root `x-second-factor`,
 * `PUT /settings/second-factor-policy`), probed before the second factor's own flow (second-factor.ts) enrols the
 * test account:
 *
 *  the administrator (the checker's token) reads the setting → the dealer (or end user A) sending it back unchanged is
 *  refused (403) → with `--allow-writes` and `--second-factor-account` (a dealer or administrator without a second
 *  factor): the administrator turns it on (200, answered back) and reads it on → the test account signs in; a normal
 *  call of that session (`getUserAllDevices`) answers 403 with `second_factor_enrolment_required: true`, its second
 *  factor's status (`getTotpStatus`, marked `x-allowed-before-second-factor`) answers 200 with `required: true`.
 *  Clean-up: the setting as it was, always.
 */
import type { CheckContext, CheckResult } from './checks.ts';
import { StepFailure, StepSkip, type StepCalls } from './flow-kit.ts';
import { runFlow } from './flow-run.ts';
import { dataObject } from './second-factor-kit.ts';

const NO_ACCOUNT =
  'needs --second-factor-account <user name>:<password> (a test dealer or administrator without a second factor) ' +
  'and --allow-writes';

export async function runSecondFactorPolicy(ctx: CheckContext): Promise<CheckResult[]> {
  const flow = await runFlow(ctx, policyFlow(ctx));
  return flow.map((result): CheckResult => ({ ...result, kind: 'second-factor', proposed: true }));
}

function policyFlow(ctx: CheckContext) {
  const account = ctx.allowWrites ? ctx.secondFactorAccount : undefined;
  const state = { previous: undefined as boolean | undefined, changed: false };
  const readPolicy = async (calls: StepCalls): Promise<boolean> => {
    const answer = await calls.call('getSecondFactorPolicy', { token: ctx.token });
    const required = dataObject(answer).required;
    if (answer.status !== 200 || typeof required !== 'boolean')
      throw new StepFailure(`getSecondFactorPolicy answered ${answer.status} to the administrator, expected 200`);
    return required;
  };
  const setPolicy = (calls: StepCalls, required: boolean, token = ctx.token) =>
    calls.call('setSecondFactorPolicy', { token, body: { required } });
  const step = (label: string, operationId: string, run: (calls: StepCalls) => Promise<void>) => ({
    label,
    operationId,
    run,
  });
  return {
    name: 'second-factor policy',
    steps: [
      step(
        "only an administrator sets it: the dealer's (or A's) is refused (403)",
        'setSecondFactorPolicy',
        async (calls) => {
          const other = ctx.identities?.dealer ?? ctx.identities?.a;
          if (!other) throw new StepSkip('needs the accounts (--identities): the dealer or end user A');
          if (other.userType >= 2) throw new StepSkip('the dealer identity is an administrator');
          state.previous = await readPolicy(calls);
          // The setting as it is: a server that wrongly takes it changes nothing.
          const answer = await setPolicy(calls, state.previous, other.token);
          if (answer.status !== 403)
            throw new StepFailure(
              `setSecondFactorPolicy answered ${answer.status} to user type ${other.userType}, expected 403`,
            );
        },
      ),
      step('required: it is stored, and answered back', 'setSecondFactorPolicy', async (calls) => {
        if (!account) throw new StepSkip(NO_ACCOUNT);
        state.previous ??= await readPolicy(calls);
        const answer = await setPolicy(calls, true);
        state.changed = true;
        if (answer.status !== 200 || dataObject(answer).required !== true)
          throw new StepFailure(`setSecondFactorPolicy answered ${answer.status} ${JSON.stringify(answer.json)}`);
        if ((await readPolicy(calls)) !== true)
          throw new StepFailure('getSecondFactorPolicy still answers required: false after turning it on');
      }),
      step(
        'an account without a second factor is held to the enrolment (403 elsewhere, its status says required)',
        'getUserAllDevices',
        async (calls) => {
          const signedIn = await calls.call('login', {
            token: '',
            body: { username: account!.username, password: account!.password },
          });
          const data = dataObject(signedIn);
          if (data.second_factor_required === true)
            throw new StepSkip('the account already has a second factor: give one without (or turn it off)');
          if (signedIn.status !== 200 || typeof data.token !== 'string')
            throw new StepFailure(`the sign-in answered ${signedIn.status} without a token`);
          const devices = await calls.call('getUserAllDevices', { token: data.token });
          const body = devices.json as Record<string, unknown> | undefined;
          if (devices.status !== 403 || body?.second_factor_enrolment_required !== true)
            throw new StepFailure(
              `getUserAllDevices answered ${devices.status}, expected 403 with second_factor_enrolment_required: true`,
            );
          const status = await calls.call('getTotpStatus', { token: data.token });
          if (status.status !== 200 || dataObject(status).required !== true)
            throw new StepFailure(
              `getTotpStatus answered ${status.status} ${JSON.stringify(status.json)}, expected 200 with required: true`,
            );
        },
      ),
    ],
    cleanups: [
      {
        label: 'the setting as it was',
        operationId: 'setSecondFactorPolicy',
        notNeeded: () => (state.changed ? undefined : 'the setting was not changed'),
        run: async (calls: StepCalls) => {
          const answer = await setPolicy(calls, state.previous ?? false);
          if (answer.status !== 200) throw new StepFailure(`setSecondFactorPolicy answered ${answer.status}`);
        },
      },
    ],
  };
}
