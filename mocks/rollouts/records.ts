/**
 * A roll-out as the mock keeps it: the contract's `Rollout` with its panels (each with the fate the engine decided
 * for it), the stage now running and the updates on their way; and the copy answered, its stage counts counted from
 * its panels.
 */
import type { Rollout, RolloutPanel, RolloutPanelState } from '@generated/api/types.gen.ts';
import type { Plan } from './plan.ts';

export interface StoredPanel extends RolloutPanel {
  simulated: boolean;
  /** The panel's fate, decided when its stage starts. */
  fate: 'ok' | 'fail' | 'offline';
}

export interface StoredRollout {
  rollout: Rollout;
  panels: StoredPanel[];
  /** The stage (0-based) now running or last run. */
  current: number;
  /** Panels sent and not finished yet. */
  inFlight: number;
}

/** Date and time as the contract writes it (ISO 8601 to the second, UTC). */
export const stamp = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Every panel of a plan, waiting, in stage order. */
export const waitingPanels = (plan: Plan): StoredPanel[] =>
  plan.stages.flatMap((stage, index) =>
    stage.panels.map((panel): StoredPanel => ({
      dev_id: panel.dev_id,
      description: panel.description,
      stage: index + 1,
      state: 'waiting',
      firm_ver_before: panel.firm_ver,
      firm_ver_now: panel.firm_ver,
      updated_at: null,
      error: null,
      simulated: panel.simulated,
      fate: 'ok',
    })),
  );

/** A copy of the roll-out with its stages counted from its panels. */
export function countedCopy(stored: StoredRollout): Rollout {
  const { rollout } = stored;
  return structuredClone({
    ...rollout,
    stages: rollout.stages.map((stage) => {
      const panels = stored.panels.filter((panel) => panel.stage === stage.stage);
      const count = (state: RolloutPanelState) => panels.filter((panel) => panel.state === state).length;
      return {
        ...stage,
        waiting: count('waiting'),
        updating: count('updating'),
        done: count('done'),
        failed: count('failed'),
        not_back_online: count('not_back_online'),
      };
    }),
  });
}

/** The panels of a roll-out as the contract answers them, of one stage and in one state when asked. */
export const panelRows = (stored: StoredRollout, stage?: number, state?: string): RolloutPanel[] =>
  stored.panels
    .filter((panel) => (stage === undefined || panel.stage === stage) && (state === undefined || panel.state === state))
    .map(({ simulated: _s, fate: _f, ...panel }) => ({ ...panel }));
