/**
 * The live store's messages waiting for the frame, per panel: usually one merged step, more when a flag went back and
 * forth, so the change listeners see each transition, in order, however many messages a frame takes.
 */
import type { PanelState } from '@generated/api/types.gen.ts';
import { mergePanelState } from './merge.ts';

/** A panel's messages of one frame, merged: what they said and when the last of them came. */
export interface Step {
  update: PanelState;
  receivedAt: number;
}

/**
 * Steps kept for one panel until its frame: a panel whose flags go back and forth more often than this within a frame
 * (no real panel does) has its further messages merged into the last step, so its queue stays bounded.
 */
export const MAX_STEPS = 32;

/**
 * Whether `next` sets a flag that `current` (messages already merged this frame) set to another value: an alarm that
 * came and went, a panel that disconnected and came back, armed and disarmed again. Such a message is not merged
 * into the earlier ones but kept as the frame's next step.
 */
function undoesStep(current: PanelState, next: PanelState): boolean {
  const differs = (a: unknown, b: unknown) => a !== undefined && b !== undefined && a !== b;
  if (differs(current.armed, next.armed) || differs(current.connected, next.connected)) return true;
  const before = current.KLStatus;
  const after = next.KLStatus;
  return !!before && !!after && (differs(before.alarm, after.alarm) || differs(before.firealarm, after.firealarm));
}

/** Queues an accepted message of a panel: merged into its last step, or a step of its own when it undoes a flag. */
export function queueStep(queued: Map<number, Step[]>, devId: number, update: PanelState, receivedAt: number): void {
  const steps = queued.get(devId);
  const last = steps?.at(-1);
  if (!steps) queued.set(devId, [{ update, receivedAt }]);
  else if (!last || (steps.length < MAX_STEPS && undoesStep(last.update, update))) steps.push({ update, receivedAt });
  else steps[steps.length - 1] = { update: mergePanelState(last.update, update), receivedAt };
}
