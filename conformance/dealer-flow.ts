/**
 * The dealer request flow: apply (createDealerRequest) → approve with a new dealer code (approveDealerRequest) → a
 * second application → approving it with the same code refused (the code is in use); clean-up rejects what is pending.
 */
import { type CheckContext } from './checks.ts';
import {
  bodyExample,
  dataOf,
  expectRefused,
  expectSuccess,
  isSuccess,
  show,
  StepFailure,
  type FlowSpec,
  type StepCalls,
} from './flow-kit.ts';
import { isObject } from './requests.ts';

export function dealerFlow(ctx: CheckContext): FlowSpec {
  const admin = ctx.token;
  const code = `CF${(Date.now() + ctx.seed * 7919).toString(36).toUpperCase()}`;
  const state = {
    first: undefined as number | undefined,
    second: undefined as number | undefined,
    approved: new Set<number>(),
  };
  const apply = async (calls: StepCalls): Promise<number> => {
    const answer = await calls.call('createDealerRequest');
    expectSuccess('createDealerRequest', answer);
    const data = dataOf(answer);
    const id = isObject(data) ? data.id : undefined;
    if (!Number.isSafeInteger(id)) throw new StepFailure('createDealerRequest answered no request id (data.id)');
    if (isObject(data) && data.state !== 0)
      throw new StepFailure(`the new dealer request ${show(id)} has state ${show(data.state)}, expected 0 (pending)`);
    return id as number;
  };
  const approve = (calls: StepCalls, id: number) =>
    calls.call('approveDealerRequest', {
      token: admin,
      path: { id },
      body: { ...bodyExample(ctx, 'approveDealerRequest'), id, code },
    });
  return {
    name: 'dealer request',
    steps: [
      {
        label: 'apply',
        operationId: 'createDealerRequest',
        async run(calls) {
          state.first = await apply(calls);
        },
      },
      {
        label: `approve with a new dealer code`,
        operationId: 'approveDealerRequest',
        async run(calls) {
          const answer = await approve(calls, state.first!);
          expectSuccess('approveDealerRequest', answer);
          state.approved.add(state.first!);
        },
      },
      {
        label: 'a second application',
        operationId: 'createDealerRequest',
        async run(calls) {
          state.second = await apply(calls);
        },
      },
      {
        label: 'its dealer code is in use',
        operationId: 'approveDealerRequest',
        async run(calls) {
          const answer = await approve(calls, state.second!);
          if (isSuccess(answer)) state.approved.add(state.second!);
          expectRefused(
            ctx,
            'approveDealerRequest',
            answer,
            `request ${state.second} approved with dealer code ${code}, which request ${state.first} already has`,
          );
        },
      },
    ],
    cleanups: [
      {
        label: 'reject the requests still pending',
        operationId: 'rejectDealerRequest',
        notNeeded: () => (pending().length ? undefined : 'no request of the flow is pending'),
        async run(calls) {
          for (const id of pending()) {
            const body = { ...bodyExample(ctx, 'rejectDealerRequest'), id };
            expectSuccess(
              'rejectDealerRequest',
              await calls.call('rejectDealerRequest', { token: admin, path: { id }, body }),
            );
          }
        },
      },
    ],
  };
  function pending(): number[] {
    return [state.first, state.second].filter((id): id is number => id !== undefined && !state.approved.has(id));
  }
}
