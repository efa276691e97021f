/** The messages of the live feed, judged as the console's gate judges them: UTF-8 JSON, the AsyncAPI payload schema, the topic's panel, the size limit. */
import validatePayload from '../generated/live/validate-panel-update.js';
import type { PanelTopics } from '../src/lib/live/panel-topics.ts';
import type { CheckResult } from './checks.ts';
import { LIVE_CHECKS, liveSkipped, type LiveStats } from './live-options.ts';
import { cutPayload, limited } from './live-report.ts';
import { isObject } from './requests.ts';

export interface Observed {
  messages: number;
  bytes: number;
  nonJson: string[];
  invalid: string[];
  mismatched: string[];
  oversized: string[];
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The rule an AsyncAPI validation error names: where, what (and the unknown property of a closed object). */
interface PayloadRuleError {
  instancePath: string;
  schemaPath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

const ruleText = (error: PayloadRuleError) =>
  `${error.message ?? 'is invalid'}${
    error.keyword === 'additionalProperties' && error.params ? ` (${String(error.params.additionalProperty)})` : ''
  }`;

/**
 * The rules a payload breaks, one per place (instancePath + the validator's message); an `anyOf` that no branch
 * matched is one rule, with what each branch wanted (a flag that is neither a boolean nor 0/1).
 */
export function rulesOf(errors: readonly PayloadRuleError[]): string[] {
  const anyOfs = errors.filter((error) => error.keyword === 'anyOf' && error.schemaPath);
  const branchOf = (error: PayloadRuleError) =>
    anyOfs.find(
      (anyOf) =>
        anyOf !== error &&
        anyOf.instancePath === error.instancePath &&
        error.schemaPath?.startsWith(`${anyOf.schemaPath!}/`),
    );
  return errors
    .filter((error) => !branchOf(error))
    .map((error) => {
      const branches = error.keyword === 'anyOf' ? errors.filter((other) => branchOf(other) === error) : [];
      return `${error.instancePath || '(root)'} ${ruleText(error)}${
        branches.length ? ` (${branches.map(ruleText).join(', or ')})` : ''
      }`;
    });
}
/** Judges one message of the feed as the console's gate does, recording what is wrong with it. */
export function judgeMessage(
  observed: Observed,
  topics: PanelTopics,
  watched: Set<string>,
  maxBytes: number,
  topic: string,
  payload: Buffer,
): void {
  observed.messages += 1;
  observed.bytes += payload.byteLength;
  const where = `message ${observed.messages} on ${topic}`;
  if (payload.byteLength > maxBytes) {
    observed.oversized.push(`${where}: ${payload.byteLength} bytes, over the limit of ${maxBytes}`);
    return;
  }
  let text: string;
  let message: unknown;
  try {
    text = decoder.decode(payload);
  } catch {
    observed.nonJson.push(`${where}: not UTF-8 text (${payload.byteLength} bytes)`);
    return;
  }
  try {
    message = JSON.parse(text) as unknown;
  } catch (error) {
    observed.nonJson.push(
      `${where}: not JSON (${error instanceof Error ? error.message : String(error)}): ${cutPayload(text)}`,
    );
    return;
  }
  if (!validatePayload(message)) {
    const rules = rulesOf((validatePayload.errors ?? []) as PayloadRuleError[]);
    observed.invalid.push(`${where}: ${rules.join('; ')} — payload ${cutPayload(text)}`);
  }
  const devId = watched.has(topic) ? topics.devIdOf(topic) : undefined;
  if (devId === undefined) {
    observed.mismatched.push(`${where}: the topic is none of the caller's panels' topics`);
  } else if (isObject(message) && message.dev_id !== undefined && message.dev_id !== devId) {
    observed.mismatched.push(
      `${where}: dev_id ${JSON.stringify(message.dev_id)} is not the topic's panel ${devId} — payload ${cutPayload(text)}`,
    );
  }
}

/** The window a run watched: topics granted, its length, the size limit, and the run's figures in one line. */
export interface PayloadWindow {
  granted: number;
  seconds: number;
  windowMs: number;
  maxBytes: number;
  summary: string;
}

/** The four payload checks' results from what the window observed (skipped when nothing could be judged). */
export function payloadResults(observed: Observed, window: PayloadWindow): CheckResult[] {
  const payloadResult = (name: string, found: string[], what: string, passed: string): CheckResult => {
    if (window.granted === 0) return liveSkipped(name, 'no topic of the caller was granted: no message to judge');
    if (observed.messages === 0)
      return liveSkipped(
        name,
        `no message arrived in ${window.seconds} s on ${window.granted} topics: nothing to judge`,
      );
    return {
      kind: 'live',
      area: 'live',
      name,
      status: found.length ? 'failed' : 'passed',
      message: found.length ? `${found.length} of ${observed.messages} messages ${what}` : passed,
      details: [window.summary, ...limited(found)],
      durationMs: window.windowMs,
    };
  };
  return [
    payloadResult(LIVE_CHECKS.json, observed.nonJson, 'are not JSON', `all ${observed.messages} messages are JSON`),
    payloadResult(
      LIVE_CHECKS.schema,
      observed.invalid,
      'break the AsyncAPI payload schema (PanelLiveUpdate)',
      `all ${observed.messages - observed.nonJson.length - observed.oversized.length} JSON messages match the AsyncAPI payload schema`,
    ),
    payloadResult(
      LIVE_CHECKS.devId,
      observed.mismatched,
      "name another panel than the topic's",
      `every message is on a topic of the caller's panels, and every dev_id sent is the topic's panel`,
    ),
    payloadResult(
      LIVE_CHECKS.size,
      observed.oversized,
      `are over ${window.maxBytes} bytes`,
      `every message is within ${window.maxBytes} bytes`,
    ),
  ];
}

/** The figures of what a window of `windowMs` observed. */
export const observedFigures = (observed: Observed, windowMs: number) =>
  ({
    seconds: Math.round(windowMs / 100) / 10,
    messages: observed.messages,
    messagesPerSecond: windowMs > 0 ? Math.round((observed.messages / windowMs) * 10_000) / 10 : 0,
    bytes: observed.bytes,
    nonJson: observed.nonJson.length,
    invalid: observed.invalid.length,
    mismatched: observed.mismatched.length,
    oversized: observed.oversized.length,
  }) satisfies Partial<LiveStats>;
