/**
 * A roll-out's plan: the version it releases (whose test passed and whose binary is the file store's file of that
 * digest, mocks/firmware-binaries.ts), the panels of its target and the stages they go in, or what the contract refuses
 * the start for. A start whose panels run a newer version than the roll-out's (compared number by number,
 * mocks/firmware-versions.ts) is refused (409 `downgrade-not-chosen`) unless its body says `allow_downgrade: true`;
 * the preview lists those panels (`downgrades`) instead of refusing.
 */
import type { RolloutInput } from '@generated/api/types.gen.ts';
import { firmwareDigestVerified } from '../firmware-binaries.ts';
import { isDowngrade } from '../firmware-versions.ts';
import type { FirmwareStore } from '../firmware-tests/store.ts';
import type { PoolPanel } from './pool.ts';

export type RolloutRefusal =
  | {
      code: '409';
      example: 'test-not-passed' | 'rollout-running' | 'firmware-digest-mismatch' | 'downgrade-not-chosen';
    }
  | { code: '400'; example: 'stages-not-increasing' | 'empty-target' | 'panel-not-in-target' };

export interface Plan {
  version: { id: number; firm_ver: string; model_id: number; model_name: string };
  stages: { percent: number | null; panels: PoolPanel[] }[];
  total: number;
  /** The panels of the plan that run a newer version than the roll-out's, in stage order. */
  downgrades: PoolPanel[];
}

/** What a plan is made from: the firmware tests' store, the panels, and whether a model has a live roll-out. */
export interface PlanSources {
  firmware: FirmwareStore;
  pool: () => PoolPanel[];
  busy: (modelId: number) => boolean;
}

/** The plan with the panels it would put back on an older version. */
const withDowngrades = (plan: Omit<Plan, 'downgrades'>): Plan => ({
  ...plan,
  downgrades: plan.stages
    .flatMap((stage) => stage.panels)
    .filter((panel) => isDowngrade(panel.firm_ver, plan.version.firm_ver)),
});

/** What a start is refused for beyond the plan's own refusals: panels put back on an older version nobody chose. */
export const startRefusal = (input: RolloutInput, plan: Plan): RolloutRefusal | undefined =>
  plan.downgrades.length > 0 && input.allow_downgrade !== true
    ? { code: '409', example: 'downgrade-not-chosen' }
    : undefined;

/** What a start would be refused for, or the plan of its stages. */
export function planRollout(input: RolloutInput, { firmware, pool, busy }: PlanSources): RolloutRefusal | Plan {
  const version = firmware.versions.find((candidate) => candidate.id === input.firmware_id);
  if (!version || !firmware.passed(version.id)) return { code: '409', example: 'test-not-passed' };
  // The binary is verified against the version's SHA-256 before any panel is sent anything.
  if (!firmwareDigestVerified(version)) return { code: '409', example: 'firmware-digest-mismatch' };
  const model = firmware.models.find((candidate) => candidate.id === version.model_id);
  const modelName = model?.model_name ?? '';
  if (busy(version.model_id)) return { code: '409', example: 'rollout-running' };
  const ofModel = pool().filter((panel) => panel.model === modelName);
  const byId = new Map(ofModel.map((panel) => [panel.dev_id, panel]));
  let target: PoolPanel[];
  if ('dev_ids' in input.target) {
    const named = input.target.dev_ids.map((devId) => byId.get(devId));
    if (named.some((panel) => panel === undefined)) return { code: '400', example: 'panel-not-in-target' };
    target = named as PoolPanel[];
  } else {
    const code = input.target.dealer_code;
    target = code === undefined ? ofModel : ofModel.filter((panel) => panel.dealer_code === code);
  }
  if (target.length === 0) return { code: '400', example: 'empty-target' };
  const head = { id: version.id, firm_ver: version.firm_ver, model_id: version.model_id, model_name: modelName };
  const staged = input.stages.every((stage) => 'percent' in stage)
    ? percentStages(input.stages, target)
    : listStages(input, target);
  return 'code' in staged ? staged : withDowngrades({ version: head, ...staged });
}

type Staged = Pick<Plan, 'stages' | 'total'>;

/** Stages by shares of the target: increasing percentages ending at 100, each stage at least one panel. */
function percentStages(stages: { percent: number }[], target: PoolPanel[]): RolloutRefusal | Staged {
  const percents = stages.map((stage) => stage.percent);
  const increasing = percents.every((percent, index) => index === 0 || percent > percents[index - 1]!);
  if (!increasing || percents.at(-1) !== 100) return { code: '400', example: 'stages-not-increasing' };
  let from = 0;
  const planned = percents.map((percent) => {
    const to = Math.max(from, Math.min(target.length, Math.ceil((target.length * percent) / 100)), 1);
    const panels = target.slice(from, to);
    from = to;
    return { percent, panels };
  });
  return { stages: planned, total: target.length };
}

/** Stages by lists of panels of the target, each panel once. */
function listStages(input: RolloutInput, target: PoolPanel[]): RolloutRefusal | Staged {
  const inTarget = new Map(target.map((panel) => [panel.dev_id, panel]));
  const seen = new Set<number>();
  const planned: Plan['stages'] = [];
  for (const stage of input.stages) {
    if (!('dev_ids' in stage)) return { code: '400', example: 'panel-not-in-target' };
    const panels: PoolPanel[] = [];
    for (const devId of stage.dev_ids) {
      const panel = inTarget.get(devId);
      if (!panel || seen.has(devId)) return { code: '400', example: 'panel-not-in-target' };
      seen.add(devId);
      panels.push(panel);
    }
    planned.push({ percent: null, panels });
  }
  // With a list target, the lists together are the target; with a model target, the lists choose from it.
  if ('dev_ids' in input.target && seen.size !== target.length) {
    return { code: '400', example: 'panel-not-in-target' };
  }
  return { stages: planned, total: seen.size };
}
