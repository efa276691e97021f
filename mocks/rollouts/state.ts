/**
 * A roll-out's states as the contract describes them: `running` and `paused` are live (one per model at a time);
 * `halted` waits for a person (resume or abort); `completed` and `aborted` are over. Which action each state allows
 * (the contract's 409 `wrong-state` otherwise), and the halt rule that stops a stage.
 */
import type { Rollout, RolloutHalt } from '@generated/api/types.gen.ts';

/** What a person can do to a roll-out once it started. */
export type RolloutAction = 'pause' | 'resume' | 'abort';

/** Whether the roll-out is still going (running or paused): its model takes no other roll-out. */
export const isLive = (state: Rollout['state']): boolean => state === 'running' || state === 'paused';

/** Whether the roll-out's state allows the action. */
export function allows(state: Rollout['state'], action: RolloutAction): boolean {
  if (action === 'pause') return state === 'running';
  if (action === 'resume') return state === 'paused' || state === 'halted';
  return state === 'running' || state === 'paused' || state === 'halted';
}

/** The halt rule: more than `max_failed_percent` of the stage's panels failed or are not back online. */
export const breaks = (halt: RolloutHalt, size: number, bad: number): boolean =>
  size > 0 && bad * 100 > halt.max_failed_percent * size;
