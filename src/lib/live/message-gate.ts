/**
 * The gate every live message goes through: size, JSON, the AsyncAPI payload schema, and the topic's panel. What
 * passes is normalised to the REST record's types; a security notice it carries (someone is guessing the panel's
 * password) is handed on beside it, never merged into the panel's record.
 */
import type { PanelState } from '@generated/api/types.gen.ts';
import type { LiveSecurityNotice } from '@generated/live/types.ts';
import validatePayload from '@generated/live/validate-panel-update.js';
import { normaliseUpdate } from './merge.ts';
import { isOversized } from './limits.ts';

export type Refusal = 'invalid' | 'oversized' | 'mismatched';

export type GateVerdict = { refused: Refusal } | { update: PanelState; notice?: LiveSecurityNotice };

const decoder = new TextDecoder();

/** The verdict on one message of the topic of `devId` (undefined: a topic outside the template). */
export function gateMessage(payload: Uint8Array | string, devId: number | undefined): GateVerdict {
  if (isOversized(payload)) return { refused: 'oversized' };
  // A topic outside the template is no panel's: the broker should never deliver it.
  if (devId === undefined) return { refused: 'mismatched' };
  let message: unknown;
  try {
    message = JSON.parse(typeof payload === 'string' ? payload : decoder.decode(payload));
  } catch {
    return { refused: 'invalid' };
  }
  if (!validatePayload(message)) return { refused: 'invalid' };
  if (message.dev_id !== undefined && message.dev_id !== devId) return { refused: 'mismatched' };
  const update = normaliseUpdate(message, devId);
  return message.security_notice ? { update, notice: message.security_notice } : { update };
}
