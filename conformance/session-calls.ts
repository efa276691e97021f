/**
 * The calls the session check sends: an operation's contract example with a given bearer token, and a sign-in with
 * the contract's `login` example (the session to sign out when no `--sign-out-token` is given).
 */
import type { Operation } from '../mocks/contract.ts';
import type { CheckContext } from './checks.ts';
import { noAnswer, sendDirect, type DirectAnswer } from './direct.ts';
import { isObject, planRequest, type PlannedRequest } from './requests.ts';

export type Sent = { request: PlannedRequest; answer?: DirectAnswer; error?: string };

/** The operation's example request with `token` as bearer (every operation used here has one). */
function requestOf(context: CheckContext, operation: Operation, token: string): PlannedRequest {
  const plan = planRequest(context.contract, operation, token);
  if (plan.kind === 'skip') throw new Error(`${operation.operationId}: ${plan.reason}`);
  return plan.request;
}

/** The token a sign-in or re-authentication answered (`data.token`), if any. */
export const tokenIn = (sent: Sent): string | undefined => {
  const body = sent.answer?.json;
  const token = isObject(body) && isObject(body.data) ? body.data.token : undefined;
  return typeof token === 'string' ? token : undefined;
};

export async function send(context: CheckContext, operation: Operation, token: string): Promise<Sent> {
  const request = requestOf(context, operation, token);
  try {
    return {
      request,
      answer: await sendDirect(context.target, request, { timeoutMs: context.timeoutMs, signal: context.deadline }),
    };
  } catch (error) {
    return { request, error: noAnswer(error, context.timeoutMs) };
  }
}

/** Signs in with the contract's first `login` request example → the token, or why not. */
export async function signInWithExample(context: CheckContext): Promise<{ token: string } | { reason: string }> {
  const sent = await send(context, context.contract.byId('login'), '');
  const token = tokenIn(sent);
  if (token !== undefined) return { token };
  const why = sent.error ?? `answered ${sent.answer?.status}`;
  return { reason: `a sign-in with the contract's login example ${why}: give --sign-out-token <jwt>` };
}
