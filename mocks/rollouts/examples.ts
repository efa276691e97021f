/**
 * The roll-outs the mock starts with: the contract's finished example roll-outs (`getFirmwareRollout`; 600, halted in
 * its stage 2), rebuilt over the mock's panels as they ended, with the error its failed panels answer.
 */
import type { Rollout, RolloutInput, RolloutPanel, RolloutPanelState } from '@generated/api/types.gen.ts';
import { exampleData } from '../area.ts';
import type { Contract } from '../contract.ts';
import type { Plan, RolloutRefusal } from './plan.ts';
import { waitingPanels, type StoredRollout } from './records.ts';
import { isLive } from './state.ts';

/** The finished roll-outs of the contract's examples (`getFirmwareRollout`) and the failed panel's answer. */
export function rolloutExamples(contract: Contract): { rollouts: Rollout[]; error: string } {
  const operation = contract.operations.find((op) => op.operationId === 'getFirmwareRollout');
  const rollouts = [...(operation ? contract.responseExamples(operation).values() : [])]
    .map(({ example }) => (example.value as { data?: Rollout } | undefined)?.data)
    .filter((rollout): rollout is Rollout => rollout !== undefined && !isLive(rollout.state));
  const panels = exampleData(contract, '/firmware-rollouts/{id}/panels', 'default');
  const failed = (Array.isArray(panels) ? (panels as RolloutPanel[]) : []).find((panel) => panel.error);
  return { rollouts, error: failed?.error ?? '' };
}

/**
 * A roll-out of the contract's examples as it ended (no timer runs for it): its panels planned from its target and
 * stages, in each started stage the first `failed` ones failed with `error`, the next `not_back_online` ones not back,
 * the next `done` ones updated. Undefined when the mock's panels cannot hold it.
 */
export function restoredRollout(
  example: Rollout,
  error: string,
  plan: (input: RolloutInput) => RolloutRefusal | Plan,
): StoredRollout | undefined {
  if (example.stages.some((stage) => stage.percent === null) || isLive(example.state)) return undefined;
  const planned = plan({
    firmware_id: example.firmware_id,
    target: example.target,
    stages: example.stages.map((stage) => ({ percent: stage.percent! })),
    pause_minutes: example.pause_minutes,
    halt: example.halt,
    allow_downgrade: true,
  });
  if ('code' in planned) return undefined;
  const panels = waitingPanels(planned);
  let current = 0;
  example.stages.forEach((stage, index) => {
    if (stage.started_at === null) return;
    current = index;
    const ofStage = panels.filter((panel) => panel.stage === stage.stage);
    const fates: [RolloutPanelState, number][] = [
      ['failed', stage.failed],
      ['not_back_online', stage.not_back_online],
      ['done', stage.done],
    ];
    let position = 0;
    for (const [state, count] of fates) {
      for (const panel of ofStage.slice(position, position + count)) {
        panel.state = state;
        panel.updated_at = stage.finished_at ?? stage.started_at;
        panel.error = state === 'failed' ? error : null;
        if (state === 'done') panel.firm_ver_now = planned.version.firm_ver;
      }
      position += count;
    }
  });
  return { rollout: structuredClone(example), panels, current, inFlight: 0 };
}
