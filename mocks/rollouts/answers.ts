/**
 * What the roll-outs area answers (mocks/areas/firmware-rollouts.ts) beyond the store: whether a request's body has
 * the shape a roll-out is planned from, and the preview of a plan.
 */
import type { RolloutInput, RolloutPreview } from '@generated/api/types.gen.ts';
import type { Body } from '../area.ts';
import type { Plan } from './plan.ts';

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body when it has the shape the roll-out is planned from; Prism refuses any other body with the contract's 400
 * (the area then leaves it alone).
 */
export const rolloutInput = (body: Body): RolloutInput | undefined =>
  typeof body.firmware_id === 'number' &&
  isObject(body.target) &&
  (body.target.dev_ids === undefined || Array.isArray(body.target.dev_ids)) &&
  Array.isArray(body.stages) &&
  body.stages.length > 0 &&
  body.stages.every(
    (stage) => isObject(stage) && (typeof stage.percent === 'number' || Array.isArray(stage.dev_ids)),
  ) &&
  typeof body.pause_minutes === 'number' &&
  isObject(body.halt) &&
  typeof body.halt.max_failed_percent === 'number' &&
  typeof body.halt.back_online_minutes === 'number' &&
  (body.allow_downgrade === undefined || typeof body.allow_downgrade === 'boolean')
    ? (body as unknown as RolloutInput)
    : undefined;

/** The preview of a plan: its size, its stages' sizes and the panels it would put back on an older version. */
export const previewOf = (plan: Plan): RolloutPreview => ({
  total: plan.total,
  stages: plan.stages.map((stage) => stage.panels.length),
  downgrades: plan.downgrades.map(({ dev_id, description, firm_ver }) => ({ dev_id, description, firm_ver })),
});
