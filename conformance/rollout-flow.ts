/**
 * The firmware roll-out downgrade flow: a roll-out never puts a panel back on an older version unless a person chose
 * it (`RolloutInput.allow_downgrade`, the proposed `startFirmwareRollout`). With the contract's start example as the
 * body, without `allow_downgrade`:
 *
 *  preview it (previewFirmwareRollout) → it answers the target's panels on a newer version (`downgrades`; none: the
 *  server's panels give nothing to probe, the flow says so and stops) → start it (startFirmwareRollout) → refused
 *  with 409, since nobody chose the downgrade. Clean-up aborts the roll-out when the server started it anyway.
 *
 * The preview refuses whatever the start would refuse except a downgrade, so a start refused after a preview that
 * answered is refused for the downgrade alone. Every step writes or may write, so it runs only with `--allow-writes`.
 */
import type { CheckContext } from './checks.ts';
import {
  bodyExample,
  dataOf,
  expectRefused,
  expectSuccess,
  isSuccess,
  show,
  StepFailure,
  StepSkip,
} from './flow-kit.ts';
import type { FlowSpec } from './flow-kit.ts';
import { isObject } from './requests.ts';

export function rolloutDowngradeFlow(ctx: CheckContext): FlowSpec {
  const token = ctx.token;
  const { allow_downgrade: _chosen, ...body } = bodyExample(ctx, 'startFirmwareRollout');
  const state = { downgrades: 0, started: undefined as number | undefined };
  return {
    name: 'firmware roll-out downgrade',
    steps: [
      {
        label: 'the preview names the panels that would go back',
        operationId: 'previewFirmwareRollout',
        async run(calls) {
          const answer = await calls.call('previewFirmwareRollout', { token, body });
          expectSuccess('previewFirmwareRollout', answer);
          const data = dataOf(answer);
          const downgrades = isObject(data) ? data.downgrades : undefined;
          if (!Array.isArray(downgrades))
            throw new StepFailure(`previewFirmwareRollout answered downgrades ${show(downgrades)}, expected a list`);
          if (downgrades.length === 0)
            throw new StepSkip(
              "no panel of the start example's target runs a newer version than the example's firmware: no downgrade to probe",
            );
          state.downgrades = downgrades.length;
        },
      },
      {
        label: 'a downgrade nobody chose is refused',
        operationId: 'startFirmwareRollout',
        async run(calls) {
          const answer = await calls.call('startFirmwareRollout', { token, body });
          const data = dataOf(answer);
          if (isSuccess(answer) && isObject(data) && Number.isSafeInteger(data.id)) state.started = data.id as number;
          const what = `a roll-out putting ${state.downgrades} panel(s) back on an older version without allow_downgrade`;
          expectRefused(ctx, 'startFirmwareRollout', answer, what);
          if (answer.status !== 409)
            throw new StepFailure(`${what}: startFirmwareRollout answered ${answer.status}, expected 409`);
        },
      },
    ],
    cleanups: [
      {
        label: 'abort the roll-out the server started',
        operationId: 'abortFirmwareRollout',
        notNeeded: () => (state.started === undefined ? 'no roll-out was started' : undefined),
        async run(calls) {
          const id = state.started!;
          expectSuccess('abortFirmwareRollout', await calls.call('abortFirmwareRollout', { token, path: { id } }));
        },
      },
    ],
  };
}
