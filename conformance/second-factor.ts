// Over 200 lines: the second factor's flow is one sequence of dependent steps (enrol, confirm, challenge, recovery, disable).
/**
 * The proposed second factor (kind `second-factor`; openapi/README.md "Second factor", root `x-second-factor`), on a
 * test account of a type that may have one, without one yet (`--second-factor-account <user name>:<password>`, with
 * `--allow-writes`; without it every step is skipped, saying so). The codes are computed with `otpauth` from the
 * secret the server answers, as the person's authenticator app would:
 *
 *  sign in and start the enrolment (a secret and its otpauth URI with the contract's digits and period) → a wrong code
 *  does not confirm it (400) → a current code does (200, the contract's number of recovery codes; the status says on)
 *  → the sign-in answers a challenge, no token, and the challenge is no access token (401) → a wrong code is refused
 *  (401) → a current code opens a session (200 with a token; in cookie mode with the refresh cookie, as the sign-in)
 *  → the same code again is refused (a replay, 401) → a recovery code opens a session once and not twice → turning it
 *  off refuses a wrong code (400) and takes a recovery code; the sign-in then answers a token → a new enrolment's
 *  wrong codes lock the account at the policy's number (the next answers 429 with Retry-After and the Lockout body,
 *  even for the right code). Clean-up turns the factor off when a step failed with it on.
 *
 * The limit is locked through the enrolment's confirmation (the policy counts the account's codes across the three
 * calls), so the run leaves no second factor behind; the account's second-factor calls stay locked for the policy's
 * minutes. Also: an end user (identity A, a type the contract does not list) cannot start an enrolment (403).
 */
import type { Operation } from '../mocks/contract.ts';
import { refreshCookieName } from '../mocks/refresh-cookie.ts';
import { operationFields } from './checks.ts';
import { exchangeOf, noAnswer, sendDirect } from './direct.ts';
import type { CheckContext, CheckResult } from './checks.ts';
import { StepFailure, StepSkip, type StepCalls } from './flow-kit.ts';
import { buildRequest, runFlow } from './flow-run.ts';
import { cookieFaults } from './refresh-cookie.ts';
import { Authenticator, dataObject, notLockout, secondFactorNumbers } from './second-factor-kit.ts';
import { runSecondFactorPolicy } from './second-factor-policy.ts';

export const NEEDS_LIVE_CODE =
  "takes a live code of the account's authenticator app (x-needs-live-code): a static example cannot be replayed";

export const needsLiveCode = (operation: Operation): boolean => operation.spec['x-needs-live-code'] === true;

const NO_ACCOUNT =
  'needs --second-factor-account <user name>:<password> (a test dealer or administrator without a second factor) ' +
  'and --allow-writes';

export const END_USER_CHECK = 'second factor: an end user cannot start an enrolment (403)';

export async function runSecondFactor(ctx: CheckContext): Promise<CheckResult[]> {
  // Before the enrolment: the requirement is probed on the account while it has no second factor.
  const policy = await runSecondFactorPolicy(ctx);
  const flow = await runFlow(ctx, secondFactorFlow(ctx));
  return [
    ...policy,
    ...flow.map((result): CheckResult => ({ ...result, kind: 'second-factor', proposed: true })),
    await endUserRefused(ctx),
  ];
}

function secondFactorFlow(ctx: CheckContext) {
  const numbers = secondFactorNumbers(ctx.contract);
  const account = ctx.allowWrites ? ctx.secondFactorAccount : undefined;
  const cookieName = refreshCookieName(ctx.contract.document);
  const state = {
    token: '',
    app: undefined as Authenticator | undefined,
    /** The step of the last code the server accepted. */
    lastStep: 0,
    recovery: [] as string[],
    on: false,
    /** The sign-in set the refresh cookie (cookie mode): the exchange must set it too. */
    cookie: false,
  };
  const need = () => {
    if (!account) throw new StepSkip(NO_ACCOUNT);
    return account;
  };
  const app = () =>
    state.app ??
    (() => {
      throw new StepFailure('no secret from the enrolment');
    })();
  const signIn = (calls: StepCalls) =>
    calls.call('login', { token: '', body: { username: need().username, password: need().password } });
  const expect = (id: string, answer: { status: number }, status: number, what: string) => {
    if (answer.status !== status) throw new StepFailure(`${what}: ${id} answered ${answer.status}, expected ${status}`);
  };
  const challenge = async (calls: StepCalls): Promise<string> => {
    const answer = await signIn(calls);
    const data = dataObject(answer);
    if (answer.status !== 200 || data.second_factor_required !== true || typeof data.challenge !== 'string')
      throw new StepFailure(`the sign-in answered ${answer.status} without a second_factor_required challenge`);
    if ('token' in data) throw new StepFailure('the sign-in answered a token before the second factor');
    return data.challenge;
  };
  const exchange = async (calls: StepCalls, proof: Record<string, string>) =>
    calls.call('completeSecondFactor', { token: '', body: { challenge: await challenge(calls), ...proof } });
  const opened = (answer: ReturnType<typeof dataObject>, status: number, what: string) => {
    if (status !== 200 || typeof answer.token !== 'string')
      throw new StepFailure(`${what}: completeSecondFactor answered ${status} without a token, expected 200`);
  };
  const recoveryCode = () => {
    const code = state.recovery.shift();
    if (!code) throw new StepFailure('no unused recovery code left');
    return code;
  };
  const step = (label: string, operationId: string, run: (calls: StepCalls) => Promise<void>) => ({
    label,
    operationId,
    run,
  });
  return {
    name: 'second-factor',
    steps: [
      step('the enrolment answers a secret and its otpauth URI', 'startTotpEnrolment', async (calls) => {
        const signedIn = await signIn(calls);
        const data = dataObject(signedIn);
        if (data.second_factor_required === true)
          throw new StepSkip('the account already has a second factor: give one without (or turn it off)');
        if (signedIn.status !== 200 || typeof data.token !== 'string')
          throw new StepFailure(`the sign-in answered ${signedIn.status} without a token`);
        state.token = data.token;
        state.cookie = (signedIn.headers?.['set-cookie'] ?? '').includes(`${cookieName}=`);
        const started = await calls.call('startTotpEnrolment', { token: state.token });
        if (started.status === 403)
          throw new StepSkip('the account may not have a second factor (403): a user type 1 or 2');
        expect('startTotpEnrolment', started, 200, 'the enrolment');
        const { secret, otpauth_uri: uri } = dataObject(started) as { secret: string; otpauth_uri: string };
        const query = new URL(uri).searchParams;
        if (query.get('secret') !== secret) throw new StepFailure(`the otpauth URI names another secret: ${uri}`);
        for (const [name, value] of [
          ['digits', numbers.digits],
          ['period', numbers.periodSeconds],
        ] as const) {
          if (query.has(name) && query.get(name) !== String(value))
            throw new StepFailure(`the otpauth URI says ${name}=${query.get(name)}, the contract ${value}`);
        }
        state.app = new Authenticator(secret, numbers);
      }),
      step('a wrong code does not confirm the enrolment (400)', 'confirmTotpEnrolment', async (calls) => {
        const answer = await calls.call('confirmTotpEnrolment', {
          token: state.token,
          body: { code: app().wrongCode() },
        });
        if (answer.status === 429) throw new StepSkip('the account is still locked from an earlier run: run later');
        expect('confirmTotpEnrolment', answer, 400, 'a wrong code');
      }),
      step(
        `a current code confirms it: ${numbers.recoveryCodes} recovery codes`,
        'confirmTotpEnrolment',
        async (calls) => {
          const now = app().step();
          const answer = await calls.call('confirmTotpEnrolment', {
            token: state.token,
            body: { code: app().codeOf(now) },
          });
          expect('confirmTotpEnrolment', answer, 200, 'a current code');
          state.on = true;
          state.lastStep = now;
          const codes = dataObject(answer).recovery_codes;
          if (!Array.isArray(codes) || new Set(codes).size !== numbers.recoveryCodes)
            throw new StepFailure(
              `expected ${numbers.recoveryCodes} different recovery codes, got ${JSON.stringify(codes)}`,
            );
          state.recovery = codes.map(String);
          const status = dataObject(await calls.call('getTotpStatus', { token: state.token }));
          if (status.enabled !== true || status.recovery_codes_left !== numbers.recoveryCodes)
            throw new StepFailure(`getTotpStatus answered ${JSON.stringify(status)} after the confirmation`);
        },
      ),
      step(
        'the sign-in asks for the second factor: no token, the challenge is no access token',
        'login',
        async (calls) => {
          const asBearer = await calls.call('getUserDetail', { token: await challenge(calls) });
          expect('getUserDetail', asBearer, 401, 'the challenge as a bearer token');
        },
      ),
      step('a wrong code is refused (401)', 'completeSecondFactor', async (calls) => {
        const answer = await exchange(calls, { code: app().wrongCode() });
        expect('completeSecondFactor', answer, 401, 'a wrong code');
      }),
      step('a current code opens the session, as the sign-in does', 'completeSecondFactor', async (calls) => {
        const answer = await exchange(calls, { code: app().codeOf(state.lastStep + 1) });
        opened(dataObject(answer), answer.status, 'a current code');
        state.lastStep += 1;
        if (!state.cookie) return;
        const set = answer.headers?.['set-cookie'] ?? '';
        const faults = set.includes(`${cookieName}=`) ? cookieFaults(set, cookieName) : ['not set'];
        if (faults.length) throw new StepFailure(`the sign-in sets ${cookieName}, the exchange: ${faults.join(', ')}`);
      }),
      step('a code is accepted once (the same code again: 401)', 'completeSecondFactor', async (calls) => {
        const answer = await exchange(calls, { code: app().codeOf(state.lastStep) });
        expect('completeSecondFactor', answer, 401, 'a replayed code');
      }),
      step('a recovery code opens a session once, not twice', 'completeSecondFactor', async (calls) => {
        const code = recoveryCode();
        const first = await exchange(calls, { recovery_code: code });
        opened(dataObject(first), first.status, 'an unused recovery code');
        const again = await exchange(calls, { recovery_code: code });
        expect('completeSecondFactor', again, 401, 'a spent recovery code');
      }),
      step('turning it off refuses a wrong code and takes a valid one', 'disableTotp', async (calls) => {
        const wrong = await calls.call('disableTotp', { token: state.token, body: { code: app().wrongCode() } });
        expect('disableTotp', wrong, 400, 'a wrong code');
        const off = await calls.call('disableTotp', { token: state.token, body: { recovery_code: recoveryCode() } });
        expect('disableTotp', off, 200, 'an unused recovery code');
        state.on = false;
        const signedIn = await signIn(calls);
        if (typeof dataObject(signedIn).token !== 'string')
          throw new StepFailure(`the sign-in answered ${signedIn.status} without a token after turning it off`);
      }),
      step(`${numbers.attempts} wrong codes lock the account (429, Lockout)`, 'confirmTotpEnrolment', async (calls) => {
        const started = await calls.call('startTotpEnrolment', { token: state.token });
        expect('startTotpEnrolment', started, 200, 'a new enrolment');
        const pending = new Authenticator(String(dataObject(started).secret), numbers);
        const confirm = (code: string) => calls.call('confirmTotpEnrolment', { token: state.token, body: { code } });
        for (let attempt = 1; attempt <= numbers.attempts; attempt++) {
          const answer = await confirm(pending.wrongCode());
          if (answer.status === 429)
            throw new StepFailure(`locked after ${attempt - 1} wrong codes; the contract says ${numbers.attempts}`);
          expect('confirmTotpEnrolment', answer, 400, `wrong code ${attempt}`);
        }
        const operation = ctx.contract.byId('confirmTotpEnrolment');
        const locked = notLockout(ctx, operation, await confirm(pending.wrongCode()), numbers.policy.name);
        if (locked) throw new StepFailure(`after ${numbers.attempts} wrong codes (${numbers.policy.name}): ${locked}`);
        const right = notLockout(ctx, operation, await confirm(pending.codeOf(pending.step())), numbers.policy.name);
        if (right) throw new StepFailure(`the right code while locked: ${right}`);
      }),
    ],
    cleanups: [
      {
        label: 'turn the second factor off',
        operationId: 'disableTotp',
        notNeeded: () => (state.on ? undefined : 'the second factor is off'),
        run: async (calls: StepCalls) => {
          const answer = await calls.call('disableTotp', {
            token: state.token,
            body: { recovery_code: recoveryCode() },
          });
          expect('disableTotp', answer, 200, 'an unused recovery code');
        },
      },
    ],
  };
}

/** Identity A, an end user, starts an enrolment: refused with 403 when the contract's user types leave A out. */
async function endUserRefused(ctx: CheckContext): Promise<CheckResult> {
  const operation = ctx.contract.byId('startTotpEnrolment');
  const started = performance.now();
  const base = { kind: 'second-factor' as const, ...operationFields(operation), name: END_USER_CHECK };
  const a = ctx.identities?.a;
  const skip = (message: string): CheckResult => ({ ...base, status: 'skipped', message, durationMs: 0 });
  if (!a) return skip('needs the accounts (--identities): end user A');
  if (secondFactorNumbers(ctx.contract).userTypes.includes(a.userType))
    return skip(`A's user type ${a.userType} may have a second factor (x-second-factor.userTypes)`);
  const request = buildRequest(ctx, operation, { token: a.token });
  try {
    const answer = await sendDirect(ctx.target, request, { timeoutMs: ctx.timeoutMs, signal: ctx.deadline });
    const durationMs = Math.round(performance.now() - started);
    return answer.status === 403
      ? { ...base, status: 'passed', durationMs }
      : {
          ...base,
          status: 'failed',
          message: `expected 403 to end user A (user type ${a.userType}), answered ${answer.status}`,
          exchange: exchangeOf(request, answer),
          durationMs,
        };
  } catch (error) {
    return { ...base, status: 'failed', message: noAnswer(error, ctx.timeoutMs), durationMs: 0 };
  }
}
